/** Figures in answers keep four decimals: enough for any legend, stable in JSON. */
export const round4 = (value: number): number => Math.round(value * 10_000) / 10_000;
