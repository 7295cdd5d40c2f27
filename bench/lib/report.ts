/**
 * Output of the benchmark: figures go to stdout, one JSON object per line
 * ({"name": …, "value": …, "unit": …, "note"?: …}); everything else (progress, diagnostics) to stderr.
 */

const startedAt = performance.now();

export interface Figure {
  name: string;
  /** null when the figure could not be measured (JSON has no NaN). */
  value: number | null;
  unit: string;
  note?: string;
}

const figures: Figure[] = [];

/** Every figure reported so far, in order (for the summary at the end of a run). */
export function reportedFigures(): readonly Figure[] {
  return figures;
}

export function report(name: string, value: number, unit: string, note?: string): void {
  const figure: Figure = { name, value: Number.isFinite(value) ? Math.round(value * 100) / 100 : null, unit, ...(note ? { note } : {}) };
  figures.push(figure);
  process.stdout.write(`${JSON.stringify(figure)}\n`);
}

/** A line on stderr, stamped with the seconds since the run started. */
export function progress(message: string): void {
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  process.stderr.write(`[bench +${seconds}s] ${message}\n`);
}

/** A loud line on stderr for something a reader of the figures must not miss (errors, missed targets). */
export function warn(message: string): void {
  process.stderr.write(`[bench] WARNING: ${message}\n`);
}

/**
 * Libraries sometimes print with console.log; stdout must carry figures only, so send console.log and
 * console.info to stderr for the whole run.
 */
export function keepStdoutForFigures(): void {
  console.log = (...args: unknown[]) => console.error(...args);
  console.info = (...args: unknown[]) => console.error(...args);
}
