/**
 * The charts' background grid: faint horizontal lines only. recharts works out where the vertical lines would go
 * even when `vertical` is false, measuring every x-axis label in the DOM to do it (about 85 ms of /insights' load
 * at a 4× slower CPU, in a profile); a generator that places none skips that work.
 */
export const HORIZONTAL_GRID_LINES = {
  stroke: 'currentColor',
  strokeOpacity: 0.15,
  vertical: false,
  verticalCoordinatesGenerator: (): number[] => [],
} as const;
