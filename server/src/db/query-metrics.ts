import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Statement counts for the benchmark (bench/sends.ts): every statement sent to PostgreSQL or PGlite, BEGIN and
 * COMMIT included, in all and within the requests a scope is opened for. Counting is one increment per
 * statement; scoping (AsyncLocalStorage) is off until `setScoping(true)`, so a server that never asks pays nothing.
 */
interface RequestScope {
  statements: number;
}

const scopes = new AsyncLocalStorage<RequestScope>();
let isScoping = false;

const totals = {
  /** Statements sent, from anywhere in the process (the chain clock included). */
  statements: 0,
  /** Statements sent inside a scoped request (see `runScoped`), and how many such requests finished. */
  scopedStatements: 0,
  scopedRequests: 0,
};

/** Called by the database drivers' wrappers (database.ts) for each statement. */
export function countStatement(): void {
  totals.statements += 1;
  if (!isScoping) return;
  const scope = scopes.getStore();
  if (scope) scope.statements += 1;
}

/** Runs `work` with its statements counted as one request's (when scoping is on); `done` adds them to the totals. */
export function runScoped(work: (done: () => void) => void): void {
  if (!isScoping) {
    work(() => {});
    return;
  }
  const scope: RequestScope = { statements: 0 };
  scopes.run(scope, () =>
    work(() => {
      totals.scopedStatements += scope.statements;
      totals.scopedRequests += 1;
    }),
  );
}

/** Turns per-request counting on or off (off disables AsyncLocalStorage, so it costs no CPU while off). */
export function setScoping(on: boolean): void {
  isScoping = on;
  if (!on) scopes.disable();
}

export function queryMetrics(): { statements: number; scopedStatements: number; scopedRequests: number; isScoping: boolean } {
  return { ...totals, isScoping };
}
