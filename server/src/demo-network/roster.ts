import { type DisplayCurrency, SIMULATED_EMAIL_DOMAIN } from '@fincrypt/domain';

/**
 * The demo network's roster: simulated remitters and merchants in different countries. Each one who takes part
 * is an account of its own (signed up like anyone, on a reserved domain no mail reaches), with wallets on every
 * network and a `simulated_participants` row carrying its public label. The first DEMO_NETWORK_PARTICIPANTS
 * take part, so the order matters: the first eight cover every display currency and both roles.
 */

export type ParticipantRole = 'remitter' | 'merchant';

export interface RosterEntry {
  /** Stable across restarts: a restart finds its participants again by it. */
  key: string;
  name: string;
  role: ParticipantRole;
  city: string;
  /** Their home currency: what they are priced in, and what a payment to them is fixed in ("₹2,500 they receive"). */
  currency: DisplayCurrency;
}


export const DEMO_ROSTER: readonly RosterEntry[] = [
  { key: 'amara-lagos', name: 'Amara Okafor', role: 'remitter', city: 'Lagos', currency: 'usd' },
  { key: 'priya-mumbai', name: 'Priya Sharma', role: 'merchant', city: 'Mumbai', currency: 'inr' },
  { key: 'oliver-london', name: 'Oliver Bennett', role: 'merchant', city: 'London', currency: 'gbp' },
  { key: 'maria-manila', name: 'Maria Santos', role: 'remitter', city: 'Manila', currency: 'usd' },
  { key: 'jonas-frankfurt', name: 'Jonas Weber', role: 'merchant', city: 'Frankfurt', currency: 'eur' },
  { key: 'yuki-tokyo', name: 'Yuki Tanaka', role: 'merchant', city: 'Tokyo', currency: 'jpy' },
  { key: 'lucia-mexico-city', name: 'Lucía Hernández', role: 'remitter', city: 'Mexico City', currency: 'usd' },
  { key: 'kiran-london', name: 'Kiran Patel', role: 'remitter', city: 'London', currency: 'gbp' },
  { key: 'rafael-sao-paulo', name: 'Rafael Costa', role: 'remitter', city: 'São Paulo', currency: 'usd' },
  { key: 'wanjiru-nairobi', name: 'Wanjiru Kamau', role: 'merchant', city: 'Nairobi', currency: 'usd' },
  { key: 'omar-dubai', name: 'Omar Haddad', role: 'merchant', city: 'Dubai', currency: 'usd' },
  { key: 'arjun-mumbai', name: 'Arjun Mehta', role: 'remitter', city: 'Mumbai', currency: 'inr' },
];

/** "Simulated · Amara Okafor, remitter in Lagos": how a participant appears wherever it appears. */
export function participantLabel(entry: Pick<RosterEntry, 'name' | 'role' | 'city'>): string {
  return `Simulated · ${entry.name}, ${entry.role} in ${entry.city}`;
}

export function participantEmail(entry: Pick<RosterEntry, 'key'>): string {
  return `${entry.key}@${SIMULATED_EMAIL_DOMAIN}`;
}

/** The first `count` of the roster. */
export function rosterOf(count: number): readonly RosterEntry[] {
  if (!Number.isInteger(count) || count < 2 || count > DEMO_ROSTER.length) {
    throw new Error(`a demo network needs 2 to ${DEMO_ROSTER.length} participants, got ${count}`);
  }
  return DEMO_ROSTER.slice(0, count);
}
