import { withGst } from '../../payments/money';
import type { ProductCaptureJson } from '../../db/types';

/**
 * The price of an imagery order, in integer cents (AUD). The rules (also written on the shared
 * contract `shared/src/contracts/orders.ts`):
 *
 * 1. `total_product_unit` = the sum of the fields' server-computed areas, rounded to 0.01 ha.
 * 2. billable hectares = max(total_product_unit, minimum_cluster_area).
 * 3. subtotal = max(round(billable ha × unit_price), min_price), the product rounded half up to the
 *    cent. A free product (or a flat-price package, unit_price 0) costs min_price whatever the area.
 * 4. `minimum_hectare_requirements_pricing` = the minimum area or the minimum price decided the price
 *    (never for a free product, never for a flat price).
 * 5. GST = 10 % of the subtotal, rounded half up to the cent (ATO rounding), when the supply is in
 *    Australia (a field of the order is in Australia: place of supply, not the profile's country).
 * 6. total = subtotal + GST.
 */
export interface OrderPrice {
  total_product_unit: number;
  billable_hectares: number;
  subtotal: number;
  gst: number;
  total: number;
  minimum_hectare_requirements_pricing: boolean;
}

/** Hectares to whole hundredths (0.01 ha = 100 m²), away from float noise. */
const hundredths = (hectares: number): number => Math.round(hectares * 100);

export function priceOrder(
  fieldAreas: readonly number[],
  capture: ProductCaptureJson,
  options: { free: boolean; taxable: boolean },
): OrderPrice {
  const areaHundredths = hundredths(fieldAreas.reduce((sum, area) => sum + area, 0));
  const total_product_unit = areaHundredths / 100;
  if (options.free) {
    return {
      total_product_unit,
      billable_hectares: total_product_unit,
      subtotal: 0,
      gst: 0,
      total: 0,
      minimum_hectare_requirements_pricing: false,
    };
  }
  const minimumHundredths = hundredths(capture.minimum_cluster_area);
  const billableHundredths = Math.max(areaHundredths, minimumHundredths);
  // unit_price cents per ha × hundredths of ha / 100, rounded half up (integers only until the division).
  const byArea = Math.floor((billableHundredths * capture.unit_price + 50) / 100);
  const subtotal = Math.max(byArea, capture.min_price);
  const flat = capture.unit_price === 0;
  const minimum_hectare_requirements_pricing =
    !flat && (billableHundredths > areaHundredths || (capture.min_price > byArea && subtotal > 0));
  const money = withGst(subtotal, options.taxable);
  return {
    total_product_unit,
    billable_hectares: billableHundredths / 100,
    subtotal: money.subtotal,
    gst: money.gst,
    total: money.total,
    minimum_hectare_requirements_pricing,
  };
}
