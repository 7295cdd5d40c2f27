import type { NotificationPreferences } from '@fincrypt/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const notificationPreferencesQueryKey = ['account', 'notifications'] as const;

export const getNotificationPreferences = () => apiFetch<NotificationPreferences>('/api/account/notifications');

export const saveNotificationPreferences = (preferences: NotificationPreferences) =>
  apiFetch<NotificationPreferences>('/api/account/notifications', { method: 'PUT', body: preferences });

export function useNotificationPreferences() {
  return useQuery({ queryKey: notificationPreferencesQueryKey, queryFn: getNotificationPreferences });
}

/** Saves at once, showing the new value immediately and rolling back if the server refuses. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: notificationPreferencesQueryKey });
      const previous = queryClient.getQueryData<NotificationPreferences>(notificationPreferencesQueryKey);
      queryClient.setQueryData(notificationPreferencesQueryKey, next);
      return { previous };
    },
    onError: (_error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(notificationPreferencesQueryKey, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferencesQueryKey, saved),
  });
}
