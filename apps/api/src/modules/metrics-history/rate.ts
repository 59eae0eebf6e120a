/**
 * Bytes per second between two running totals; null for the first reading, or when the total
 * went down (the containers were replaced and started counting again).
 */
export function ratePerSecond(
  previous: number | null,
  current: number | null,
  seconds: number,
): number | null {
  if (previous === null || current === null || seconds <= 0 || current < previous) return null;
  return Math.min(2_147_483_647, Math.round((current - previous) / seconds));
}
