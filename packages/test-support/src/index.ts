/**
 * What tests outside the server share with the server's own process tests: a server process, HTTP as a
 * non-browser client, signed-up users, TOTP codes, an empty PostgreSQL database. Everything goes through
 * the server's public surfaces (its process, HTTP, the database it migrates); nothing here imports
 * server/src.
 */
export { http } from './http.ts';
export { createEmptyPostgresDatabase, type EmptyPostgresDatabase } from './postgres.ts';
export { freePort, type ServerProcess, startServerProcess } from './server-process.ts';
export { previousTotpCode, secretFromOtpauthUri, totpCode } from './totp.ts';
export {
  externalAddress,
  type HttpUser,
  mapLimit,
  newAccount,
  signUpOverHttp,
  signUpUsers,
  type TestAccount,
  type WalletUser,
} from './users.ts';
