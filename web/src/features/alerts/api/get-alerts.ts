import { type FraudAlertView, signedInPaths } from '@fincrypt/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** Every cached alert list starts with 'alerts'; realtime fraud alerts invalidate them all. */
export const alertsQueryKeys = {
  all: ['alerts'] as const,
  latest: (limit: number) => ['alerts', { limit }] as const,
};

export const getAlerts = (limit: number, signal?: AbortSignal) =>
  apiFetch<{ alerts: FraudAlertView[] }>(signedInPaths.alerts(limit), { signal }).then((response) => response.alerts);

/** The user's most recent fraud alerts, newest first. */
export function useLatestAlerts(limit: number) {
  return useQuery({ queryKey: alertsQueryKeys.latest(limit), queryFn: ({ signal }) => getAlerts(limit, signal) });
}
