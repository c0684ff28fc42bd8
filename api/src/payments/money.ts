/**
 * Money rules, in integer cents (AUD) only (ARCHITECTURE §4, spec README 'GST on zoning vs orders
 * and bookings'). No floating-point amount ever reaches a payment.
 */

export const GST_PERCENT = 10;

export const isAustralian = (country: string | null | undefined): boolean =>
  (country ?? '').trim().toUpperCase() === 'AU';

/** Hectares to whole hundredths, so `ceil` is applied to the two-decimal area people see, not to float noise. */
export const hundredthsOfHectare = (hectares: number): number => Math.round(hectares * 100);

/**
 * Spec 2 §9: a zoning item costs the total zone area in hectares rounded up, times `hectare_cost`
 * (cents per hectare, GST included): cents = ceil(ha) × hectare_cost. (The spec's "/ 100" turns
 * those cents into the dollars it displays.)
 */
export function zoningPriceCents(totalHectares: number, hectareCostCents: number): number {
  if (!Number.isInteger(hectareCostCents) || hectareCostCents < 0)
    throw new RangeError('hectare cost must be whole cents');
  if (!Number.isFinite(totalHectares) || totalHectares < 0) throw new RangeError('area must be a non-negative number');
  return Math.ceil(hundredthsOfHectare(totalHectares) / 100) * hectareCostCents;
}

/** Rounds a non-negative ratio of integers to the nearest cent, halves up (the ATO's rounding of GST). */
function divideRoundHalfUp(numerator: number, denominator: number): number {
  const quotient = Math.floor(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}

/**
 * The GST inside a GST-inclusive amount (zoning prices): 1/11 when the supply is taxable in Australia
 * (`place-of-supply.ts`: fields in Australia), else 0.
 */
export function gstIncluded(totalCents: number, taxable: boolean): number {
  assertCents(totalCents);
  return taxable ? divideRoundHalfUp(totalCents, 11) : 0;
}

/**
 * GST added on top of a GST-exclusive subtotal (imagery orders, Rapid-EM bookings, subscriptions):
 * `percent` (10 % unless a setting says otherwise, to the hundredth of a percent) when the supply is
 * taxable in Australia (`place-of-supply.ts`), else none.
 */
export function withGst(
  subtotalCents: number,
  taxable: boolean,
  percent: number = GST_PERCENT,
): { subtotal: number; gst: number; total: number } {
  assertCents(subtotalCents);
  if (!Number.isFinite(percent) || percent < 0) throw new RangeError(`not a tax rate: ${percent}`);
  const gst = taxable ? divideRoundHalfUp(subtotalCents * Math.round(percent * 100), 10_000) : 0;
  return { subtotal: subtotalCents, gst, total: subtotalCents + gst };
}

export function sumCents(values: readonly number[]): number {
  return values.reduce((sum, value) => {
    assertCents(value);
    return sum + value;
  }, 0);
}

function assertCents(value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not an amount in cents: ${value}`);
}
