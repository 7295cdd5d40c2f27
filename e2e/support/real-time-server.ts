/**
 * The app on local nodes at the chains' own pace (CHAIN_TIME_SCALE=1: a Sepolia block every 12 s, an Amoy block every
 * 2 s), beside the main one (ten times faster), for the journeys that act on or watch a send while a real chain still
 * holds it pending:
 * `test.use({ baseURL: REAL_TIME_BASE_URL })`.
 */
export const REAL_TIME_PORT = Number(process.env.E2E_REAL_TIME_PORT ?? 4321);
export const REAL_TIME_BASE_URL = `http://localhost:${REAL_TIME_PORT}`;
