/** How many tick values a legend shows under its colour bar. */
export const LEGEND_TICKS = 5;

/** Evenly spaced values from `low` to `high` (both included) under the colour bar. */
export function legendTicks(low: number, high: number, count = LEGEND_TICKS): number[] {
  if (!Number.isFinite(low) || !Number.isFinite(high) || count < 2) return [];
  if (high === low) return [low];
  return Array.from({ length: count }, (_, index) => low + ((high - low) * index) / (count - 1));
}

/** Decimals that tell neighbouring ticks apart: two significant digits of the step between them (0–4). */
export function tickDecimals(low: number, high: number, count = LEGEND_TICKS): number {
  const step = Math.abs(high - low) / Math.max(1, count - 1);
  if (step === 0 || !Number.isFinite(step)) return 2;
  return Math.min(4, Math.max(0, Math.ceil(-Math.log10(step)) + 1));
}

/** The ticks as the legend writes them ('0.00', '0.25', … for NDVI 0–1; '0', '25', … for 0–100 mS/m). */
export function tickLabels(low: number, high: number, count = LEGEND_TICKS): string[] {
  const decimals = tickDecimals(low, high, count);
  return legendTicks(low, high, count).map((value) => {
    const text = value.toFixed(decimals);
    // No '-0.00' for a value that rounds to zero.
    return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
  });
}
