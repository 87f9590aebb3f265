/**
 * Whether a time (beats) falls on the grid: within `tolerance` beats of a
 * whole multiple of `grid` (0.5 = every beat and half-beat).
 */
export function onGrid(beats: number, grid: number, tolerance: number): boolean {
  return Math.abs(beats - grid * Math.round(beats / grid)) <= tolerance;
}
