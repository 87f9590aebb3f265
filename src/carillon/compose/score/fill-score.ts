/**
 * Screen fill of a figure (SPEC 4.6): how much of the field it uses and how
 * well it sits in the middle. The bounding box of the dots' discs covers a
 * share w of the field's width and h of its height; the dots' centroid lies
 * `offset` from the field's centre, as a share of the half-diagonal. Fill =
 * √(w·h) · (1 − offset), in [0, 1].
 *
 * @param dots centres and radii, field units.
 */
export function fillScore(dots: ReadonlyArray<{ x: number; y: number; radius: number }>, width: number, height: number): number {
  if (dots.length === 0) return 0;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let sx = 0;
  let sy = 0;
  for (const d of dots) {
    minX = Math.min(minX, d.x - d.radius);
    maxX = Math.max(maxX, d.x + d.radius);
    minY = Math.min(minY, d.y - d.radius);
    maxY = Math.max(maxY, d.y + d.radius);
    sx += d.x;
    sy += d.y;
  }
  const w = Math.min(1, (maxX - minX) / width);
  const h = Math.min(1, (maxY - minY) / height);
  const offset = Math.hypot(sx / dots.length - width / 2, sy / dots.length - height / 2) / Math.hypot(width / 2, height / 2);
  return Math.sqrt(w * h) * Math.max(0, 1 - offset);
}
