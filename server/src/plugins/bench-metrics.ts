import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { queryMetrics, runScoped, setScoping } from '../db/query-metrics.ts';

/**
 * The benchmark's view into a server process (registered only when BENCH_METRICS=1, never by `npm start`):
 * GET /api/_bench/metrics answers the process's CPU time and statement counts; `?scope=on|off` first turns
 * per-request statement counting for POST /api/transactions on or off (bench/sends.ts reads round trips per send:
 * the session lookup and the send, without the chain clock's statements).
 */
export const benchMetricsPlugin = fp(async (app: FastifyInstance) => {
  const finishers = new WeakMap<FastifyRequest, () => void>();
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.method !== 'POST' || request.routeOptions.url !== '/api/transactions') {
      done();
      return;
    }
    runScoped((finished) => {
      finishers.set(request, finished);
      done();
    });
  });
  app.addHook('onResponse', (request, _reply, done) => {
    finishers.get(request)?.();
    done();
  });
  app.get('/api/_bench/metrics', async (request) => {
    const { scope } = request.query as { scope?: string };
    if (scope === 'on' || scope === 'off') setScoping(scope === 'on');
    const cpu = process.cpuUsage();
    return { cpuUserUs: cpu.user, cpuSystemUs: cpu.system, ...queryMetrics() };
  });
});
