import {
  ACCOUNT_MESSAGES,
  AVATAR_PRESETS,
  changePasswordSchema,
  notificationPreferencesSchema,
  profileUpdateSchema,
} from '@fincrypt/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EventBus } from '../../chain/events.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Auth } from '../auth/auth.ts';
import { toFetchHeaders } from '../auth/fetch-bridge.ts';
import { unauthorized } from '../auth/session-plugin.ts';
import {
  findNotificationPreferences,
  findProfile,
  isEmailTakenByAnother,
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
});

type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

const isAvatarPreset = (value: string | null): value is (typeof AVATAR_PRESETS)[number] =>
  value !== null && (AVATAR_PRESETS as readonly string[]).includes(value);

function toProfile(row: ProfileRow): z.infer<typeof profileResponse> {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatar: isAvatarPreset(row.image) ? row.image : 'preset-1',
    createdAt: row.createdAt.toISOString(),
    twoFactorEnabled: row.twoFactorEnabled,
  };
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && ('code' in error ? error.code === '23505' : false);

/** The signed-in user's own account: profile, password, notification preferences. */
export const accountRoutes: FastifyPluginAsyncZod<{ database: Database; auth: Auth; events: EventBus }> = async (
  app,
  { database, auth, events },
) => {
  const { db } = database;
  app.addHook('preHandler', app.requireSession);

  const loadProfile = async (userId: string) => {
    const row = await findProfile(db, userId);
    if (!row) throw unauthorized();
    return toProfile(row);
  };

  app.get(
    '/',
    { schema: { tags: ['account'], summary: 'Your profile', response: { 200: profileResponse } } },
    (request) => loadProfile(request.user.id),
  );

  app.patch(
    '/profile',
    {
      schema: { tags: ['account'], summary: 'Update name, email and avatar', body: profileUpdateSchema, response: { 200: profileResponse } },
    },
    async (request) => {
      const { name, email, avatar } = request.body;
      if (await isEmailTakenByAnother(db, email, request.user.id)) {
        throw new AppError(409, 'EMAIL_TAKEN', ACCOUNT_MESSAGES.emailTaken);
      }
      try {
        await updateProfile(db, request.user.id, { name, email, image: avatar });
      } catch (error) {
        // Two accounts racing for the same new email: the unique index decides.
        if (isUniqueViolation(error) || isUniqueViolation((error as { cause?: unknown }).cause)) {
          throw new AppError(409, 'EMAIL_TAKEN', ACCOUNT_MESSAGES.emailTaken);
        }
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
      try {
        const { headers } = await auth.api.changePassword({
          body: { ...request.body, revokeOtherSessions: true },
          headers: toFetchHeaders(request.headers),
          returnHeaders: true,
        });
        // A new session replaces the old one: pass its cookie on.
        const cookies = headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
      } catch (error) {
        const code = (error as { body?: { code?: string } }).body?.code;
        if (code === 'INVALID_PASSWORD') throw new AppError(400, 'INVALID_PASSWORD', ACCOUNT_MESSAGES.currentPasswordIncorrect);
        throw error;
      }
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
};
