import {
  ACCOUNT_MESSAGES,
  API_ERRORS,
  AVATAR_PRESETS,
  changePasswordSchema,
  notificationPreferencesSchema,
  profileUpdateSchema,
} from '@fincrypt/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EventBus } from '../../lib/event-bus.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { type RateLimitRule, type RateLimiter, describeWait } from '../../lib/rate-limiter.ts';
import { sessionRoom, userRoom } from '../../plugins/realtime.ts';
import type { Auth } from '../auth/auth.ts';
import { toFetchHeaders } from '../auth/fetch-bridge.ts';
import { unauthorized } from '../auth/session-plugin.ts';
import {
  findNotificationPreferences,
  findProfile,
  findSessionIdByToken,
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

export interface AccountRoutesOptions {
  database: Database;
  auth: Auth;
  events: EventBus;
  limiter: RateLimiter;
  /** Wrong current passwords one user may give before the password change is locked for a while. */
  passwordFailuresPerUser: RateLimitRule;
}

/** The signed-in user's own account: profile, password, notification preferences. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { database, auth, events, limiter, passwordFailuresPerUser },
) => {
  const { db } = database;
  // onRequest, before body validation: a signed-out caller gets 401 whatever it sends.
  app.addHook('onRequest', app.requireSession);

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
        throw new AppError('EMAIL_TAKEN', ACCOUNT_MESSAGES.emailTaken);
      }
      try {
        await updateProfile(db, request.user.id, { name, email, image: avatar });
      } catch (error) {
        // Two accounts racing for the same new email: the unique index decides.
        if (isUniqueViolation(error) || isUniqueViolation((error as { cause?: unknown }).cause)) {
          throw new AppError('EMAIL_TAKEN', ACCOUNT_MESSAGES.emailTaken);
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
      // The current-password check must not become an unlimited password oracle for a stolen session.
      const failuresKey = `password:user:${request.user.id}`;
      const failures = await limiter.peek(failuresKey, passwordFailuresPerUser);
      if (!failures.isAllowed) {
        throw new AppError('RATE_LIMITED', API_ERRORS.RATE_LIMITED.messages.tooMany('wrong passwords', describeWait(failures.retryAfterMs)));
      }
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
        const code = (error as { body?: { code?: string } }).body?.code;
        if (code === 'INVALID_PASSWORD') {
          await limiter.hit(failuresKey, passwordFailuresPerUser);
          throw new AppError('INVALID_PASSWORD', ACCOUNT_MESSAGES.currentPasswordIncorrect);
        }
        throw error;
      }
      await limiter.reset(failuresKey);
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
};
