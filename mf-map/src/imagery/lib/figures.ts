/** Legend figures: two decimals for indices, one for larger values (°C, mS/m). */
export const legendFigure = (value: number | null): string =>
  value === null ? 'n/a' : Math.abs(value) >= 10 ? value.toFixed(1) : value.toFixed(2);
