/**
 * The app started with CHAIN=simulated beside the main one (which runs on real local chains, as `npm start` does), for
 * the journeys about what only the simulated chains show: `test.use({ baseURL: SIMULATED_BASE_URL })`.
 */
export const SIMULATED_PORT = Number(process.env.E2E_SIMULATED_PORT ?? 4320);
export const SIMULATED_BASE_URL = `http://localhost:${SIMULATED_PORT}`;
