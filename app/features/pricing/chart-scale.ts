/**
 * Round tick values (1, 2, 2.5, 5 × 10ⁿ apart) for a chart axis, about `count` intervals, that
 * cover [min, max]: the first tick is at or below the smallest value and the last at or above the
 * largest, so that every point lies between the axis' first and last gridlines.
 */
export function niceTicks(min: number, max: number, count: number): number[] {
  let low = Math.min(min, max);
  let high = Math.max(min, max);
  if (high - low < 1e-9) {
    // One value: a band around it.
    const pad = Math.max(Math.abs(high) * 0.1, 1);
    low -= pad;
    high += pad;
  }
  const raw = (high - low) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw - 1e-9) ?? 10 * power;
  const first = Math.floor(low / step + 1e-9) * step;
  const last = Math.ceil(high / step - 1e-9) * step;
  const out: number[] = [];
  // Integer steps, so that rounding errors never add or drop the last tick.
  for (let i = 0; first + i * step <= last + step / 2; i++) out.push(Number((first + i * step).toPrecision(12)));
  return out;
}
