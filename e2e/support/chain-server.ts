/** The app started on real local chains (CHAIN=local) for chain.spec.ts, beside the simulated one the other journeys use. */
export const CHAIN_PORT = Number(process.env.E2E_CHAIN_PORT ?? 4320);
export const CHAIN_BASE_URL = `http://localhost:${CHAIN_PORT}`;
