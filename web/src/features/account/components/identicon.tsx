import { AVATAR_PRESETS, type AvatarPreset } from '@fincrypt/domain';

/** Seeds and colours of the five preset identicons, drawn locally as 5×5 mirrored grids. */
const PRESETS: Record<AvatarPreset, { seed: number; color: string }> = {
  'preset-1': { seed: 0x9e3779b1, color: '#4f46e5' },
  'preset-2': { seed: 0x85ebca6b, color: '#0891b2' },
  'preset-3': { seed: 0xc2b2ae35, color: '#059669' },
  'preset-4': { seed: 0x27d4eb2f, color: '#d97706' },
  'preset-5': { seed: 0x165667b1, color: '#db2777' },
};

export const AVATAR_LABELS: Record<AvatarPreset, string> = {
  'preset-1': 'Indigo pattern',
  'preset-2': 'Cyan pattern',
  'preset-3': 'Green pattern',
  'preset-4': 'Amber pattern',
  'preset-5': 'Pink pattern',
};

/** Which of the 15 left-half cells are filled: one bit each from a small integer hash of the seed. */
function cellsFor(seed: number): boolean[] {
  let state = seed >>> 0;
  return Array.from({ length: 15 }, () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return (state & 1) === 1;
  });
}

export function Identicon({ preset, size = 48, className }: { preset: AvatarPreset; size?: number; className?: string }) {
  const { seed, color } = PRESETS[preset] ?? PRESETS[AVATAR_PRESETS[0]];
  const cells = cellsFor(seed);
  const rects = [];
  for (let column = 0; column < 3; column += 1) {
    for (let row = 0; row < 5; row += 1) {
      if (!cells[column * 5 + row]) continue;
      rects.push(<rect key={`${column}-${row}`} x={column + 1} y={row + 1} width="1" height="1" />);
      if (column < 2) rects.push(<rect key={`m${column}-${row}`} x={5 - column} y={row + 1} width="1" height="1" />);
    }
  }
  return (
    <svg aria-hidden viewBox="0 0 7 7" width={size} height={size} className={className} shapeRendering="crispEdges">
      <rect width="7" height="7" rx="1" fill="#f1f5f9" />
      <g fill={color}>{rects}</g>
    </svg>
  );
}
