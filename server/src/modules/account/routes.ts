import {
  ACCOUNT_MESSAGES,
  API_ERRORS,
  AVATAR_PRESETS,
  displayCurrencySchema,
  changePasswordSchema,
  displayCurrencyBodySchema,
  isDisplayCurrency,
  notificationPreferencesSchema,
  profileUpdateSchema,
} from '@fincrypt/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EventBus } from '../../lib/event-bus.ts';
import type { Database } from '../../db/database.ts';
import { AppError, rateLimited } from '../../errors.ts';
import { type RateLimitRule, type RateLimiter, describeWait } from '../../lib/rate-limiter.ts';
import { sessionRoom, userRoom } from '../../plugins/realtime.ts';
import type { Auth } from '../auth/auth.ts';
import { refuseForDemoAccount } from '../auth/demo-accounts.ts';
import { toFetchHeaders } from '../auth/fetch-bridge.ts';
import { authErrorCode, createIdentityCheck } from '../auth/identity-check.ts';
import { type LockoutRules, passwordLockout } from '../auth/lockout.ts';
import { signUpCounterKey } from '../auth/routes.ts';
import { unauthorized } from '../auth/session-plugin.ts';
import {
  avatarOf,
  findNotificationPreferences,
  findProfile,
  findSessionIdByToken,
  isEmailTakenByAnother,
  saveDisplayCurrency,
  saveNotificationPreferences,
  updateProfile,
} from './repo.ts';

const profileResponse = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.enum(AVATAR_PRESETS),
  createdAt: z.string(),
  twoFactorEnabled: z.boolean(),
  /** The display currency the user chose (PUT /account/currency); null until they choose one. */
  displayCurrency: displayCurrencySchema.nullable(),
});

type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

function toProfile(row: ProfileRow): z.infer<typeof profileResponse> {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatar: avatarOf(row.image),
    createdAt: row.createdAt.toISOString(),
    twoFactorEnabled: row.twoFactorEnabled,
    displayCurrency: isDisplayCurrency(row.displayCurrency) ? row.displayCurrency : null,
  };
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && ('code' in error ? error.code === '23505' : false);

const emailTaken = () => new AppError('EMAIL_TAKEN', ACCOUNT_MESSAGES.emailTaken);

export interface AccountRoutesOptions {
  database: Database;
  auth: Auth;
  events: EventBus;
  limiter: RateLimiter;
  /** Wrong current passwords (and codes): the sign-in lockout's rules, per (user, address) and per user. */
  lockout: LockoutRules;
  /**
   * New emails one user may try; each also counts as a sign-up attempt from its address (`perAddress`, the
   * sign-up rule), so an email change tells whether an address has an account no faster than sign-up does.
   */
  emailChanges: { perUser: RateLimitRule; perAddress: RateLimitRule };
}

/** The email-change limits: `peek` asks whether one more may start, `hit` counts it. */
async function checkEmailChangeLimits(
  limiter: RateLimiter,
  rules: AccountRoutesOptions['emailChanges'],
  userId: string,
  ip: string,
  how: 'peek' | 'hit',
): Promise<void> {
  for (const [key, rule] of [
    [`email-change:user:${userId}`, rules.perUser],
    [signUpCounterKey(ip), rules.perAddress],
  ] as const) {
    const verdict = await limiter[how](key, rule);
    if (!verdict.isAllowed) {
      throw rateLimited(API_ERRORS.RATE_LIMITED.messages.tooMany('email changes', describeWait(verdict.retryAfterMs)), verdict.retryAfterMs);
    }
  }
}

/** The signed-in user's own account: profile, password, notification preferences. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { database, auth, events, limiter, lockout, emailChanges },
) => {
  const { db } = database;
  const passwords = passwordLockout(limiter, lockout);
  const confirmIdentity = createIdentityCheck({ db, auth, lockout: passwords });
  // onRequest, before body validation: a signed-out caller gets 401 whatever it sends.
  app.addHook('onRequest', app.requireSession);

  const loadProfile = async (userId: string) => {
    const row = await findProfile(db, userId);
    if (!row) throw unauthorized();
    return toProfile(row);
  };

  const limitEmailChange = (userId: string, ip: string, how: 'peek' | 'hit') => checkEmailChangeLimits(limiter, emailChanges, userId, ip, how);

  app.get(
    '/',
    { schema: { tags: ['account'], summary: 'Your profile', response: { 200: profileResponse } } },
    (request) => loadProfile(request.user.id),
  );

  app.patch(
    '/profile',
    {
      schema: {
        tags: ['account'],
        summary: 'Update name, email and avatar (a new email needs the current password, and a 2FA code when 2FA is on)',
        body: profileUpdateSchema,
        response: { 200: profileResponse },
      },
    },
    async (request) => {
      const { name, email, avatar, currentPassword, code } = request.body;
      if (email !== request.user.email) {
        refuseForDemoAccount(request.user);
        // Only someone who proves who they are learns whether an address has an account, and each answer
        // counts (per user, and as a sign-up from this address). A wrong password does not use up the count;
        // a code is not spent on a change that would be refused for the count.
        await limitEmailChange(request.user.id, request.ip, 'peek');
        await confirmIdentity(request, { password: currentPassword, code }, { passwordWrong: ACCOUNT_MESSAGES.currentPasswordIncorrect });
        await limitEmailChange(request.user.id, request.ip, 'hit');
        if (await isEmailTakenByAnother(db, email, request.user.id)) throw emailTaken();
      }
      try {
        await updateProfile(db, request.user.id, { name, email, image: avatar });
      } catch (error) {
        // Two accounts racing for the same new email: the unique index decides.
        if (isUniqueViolation(error) || isUniqueViolation((error as { cause?: unknown }).cause)) throw emailTaken();
        throw error;
      }
      const profile = await loadProfile(request.user.id);
      events.publish(request.user.id, 'profile_update', { name: profile.name, email: profile.email, avatar: profile.avatar });
      return profile;
    },
  );

  app.post(
    '/password',
    {
      schema: {
        tags: ['account'],
        summary: 'Change password (checks the current one; signs out every other session)',
        body: changePasswordSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      refuseForDemoAccount(request.user);
      // The current-password check must not become an unlimited password oracle for a stolen session.
      const attempt = await passwords.begin(request.user.id, request.ip);
      let renewedToken: string | null = null;
      try {
        const { headers, response } = await auth.api.changePassword({
          body: { ...request.body, revokeOtherSessions: true },
          headers: toFetchHeaders(request.headers),
          returnHeaders: true,
        });
        // A new session replaces the old one: pass its cookie on.
        const cookies = headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        renewedToken = response.token;
      } catch (error) {
        if (authErrorCode(error) === 'INVALID_PASSWORD') {
          await attempt.failed();
          throw new AppError('INVALID_PASSWORD', ACCOUNT_MESSAGES.currentPasswordIncorrect);
        }
        await attempt.abandoned();
        throw error;
      }
      await attempt.succeeded();
      // Every session was replaced: the other sessions' sockets close; this tab's stay, now under its new session.
      const sockets = app.realtime;
      sockets.in(userRoom(request.user.id)).except(sessionRoom(request.sessionId)).disconnectSockets(true);
      const renewedId = renewedToken ? await findSessionIdByToken(db, renewedToken) : undefined;
      if (renewedId) sockets.in(sessionRoom(request.sessionId)).socketsJoin(sessionRoom(renewedId));
      return { ok: true as const };
    },
  );

  app.get(
    '/notifications',
    { schema: { tags: ['account'], summary: 'Notification preferences', response: { 200: notificationPreferencesSchema } } },
    (request) => findNotificationPreferences(db, request.user.id),
  );

  app.put(
    '/notifications',
    {
      schema: {
        tags: ['account'],
        summary: 'Save notification preferences',
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => {
      await saveNotificationPreferences(db, request.user.id, request.body);
      return findNotificationPreferences(db, request.user.id);
    },
  );

  app.put(
    '/currency',
    {
      schema: {
        tags: ['account'],
        summary: 'Save your display currency: payers are offered it as the currency you receive in',
        body: displayCurrencyBodySchema,
        response: { 200: profileResponse },
      },
    },
    async (request) => {
      await saveDisplayCurrency(db, request.user.id, request.body.currency);
      return loadProfile(request.user.id);
    },
  );
};
