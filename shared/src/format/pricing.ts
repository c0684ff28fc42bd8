import { formatAud, formatHectares } from './index';

/** What an imagery order is charged for, as the server priced it (quote or order). */
export interface AreaPricing {
  /** Hectares of the chosen fields. */
  hectares: number;
  /** Hectares charged: max(hectares, the product's minimum area). */
  billableHectares: number;
  /** Cents per hectare (GST exclusive). */
  unitPrice: number;
  /** The least the package costs, in cents. */
  minPrice: number;
  /** The subtotal charged (GST exclusive), in cents. */
  subtotal: number;
}

/**
 * The arithmetic of an imagery price, said before it is charged: '209.00 ha ordered, 500.00 ha charged
 * (minimum area) × $4.50/ha = $2,250.00'; when the minimum price decides, it is named; a flat-priced
 * or free product says so.
 */
export function areaPriceArithmetic(pricing: AreaPricing): string {
  const { hectares, billableHectares, unitPrice, minPrice, subtotal } = pricing;
  if (subtotal === 0) return 'Free';
  if (unitPrice === 0) return `${formatAud(subtotal)} flat price`;
  const ordered = `${formatHectares(hectares)} ha`;
  const area =
    billableHectares > hectares
      ? `${ordered} ordered, ${formatHectares(billableHectares)} ha charged (minimum area)`
      : ordered;
  const product = `${area} × ${formatAud(unitPrice)}/ha`;
  const raw = Math.round(billableHectares * unitPrice);
  if (subtotal === minPrice && raw < minPrice)
    return `${product} = ${formatAud(raw)}; minimum price ${formatAud(minPrice)} charged`;
  return `${product} = ${formatAud(subtotal)}`;
}

/** A product's minimums for its card: 'minimum 500 ha, minimum price $2,000.00'. */
export function productMinimums(capture: {
  minimum_cluster_area: number;
  min_price: number;
  unit_price: number;
}): string {
  const parts: string[] = [];
  if (capture.unit_price > 0 && capture.minimum_cluster_area > 0)
    parts.push(`minimum ${formatHectares(capture.minimum_cluster_area)} ha charged`);
  if (capture.min_price > 0) parts.push(`minimum price ${formatAud(capture.min_price)}`);
  return parts.join(', ');
}
