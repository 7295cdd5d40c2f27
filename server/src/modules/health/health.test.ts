import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/test-database.ts';
import { useTestApp } from '../../test/test-app.ts';

describeEachDatabase('health API', (kind) => {
  const ctx = useTestApp(kind);

  it('reports the version, the database kind and that the database answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 'ok', database: { kind, isAnswering: true } });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('answers 503 in the error shape when the database does not answer', async () => {
    const realPing = ctx.database.ping;
    ctx.database.ping = async () => {
      throw new Error('connection refused');
    };
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: { code: 'DATABASE_UNAVAILABLE', message: 'The database is not answering. Please try again shortly.' },
      });
    } finally {
      ctx.database.ping = realPing;
    }
  });
});

describeEachDatabase('health API with a chain clock runner', (kind) => {
  let status = { isLeader: false, ticks: 0 };
  const ctx = useTestApp(kind, { app: { chainClockStatus: () => status } });

  it('says whether this process advances the chains and how many ticks it has run', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).json().chainClock).toEqual({ role: 'follower', ticks: 0 });
    status = { isLeader: true, ticks: 42 };
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).json().chainClock).toEqual({ role: 'leader', ticks: 42 });
  });
});
