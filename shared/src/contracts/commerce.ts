import { z } from 'zod';
import { areaGeometrySchema } from './geojson';
import { zonesMadeFromSchema } from './zones-made-from';

/**
 * Cart, checkout, payments and paid zoning orders (spec 2 §3, §7; spec README 'Calls whose path or
 * shape the documents do not show'). Money is integer cents in AUD everywhere.
 */

export const cartItemTypes = ['zoning', 'stack'] as const;
export const cartItemTypeSchema = z.enum(cartItemTypes);
export type CartItemType = z.infer<typeof cartItemTypeSchema>;

/** Item types a client can add today (stack items are shown when present but not sold yet). */
export const addableCartItemTypes = ['zoning'] as const;

export const zoneFeatureSchema = z.object({
  type: z.literal('Feature'),
  geometry: areaGeometrySchema,
  properties: z
    .object({
      zone: z.number().int().min(1).max(5),
      field_id: z.string(),
      /** Hectares as the client saw them; the server recomputes what it charges for. */
      area: z.number().nonnegative().optional(),
    })
    .loose(),
});
export type ZoneFeature = z.infer<typeof zoneFeatureSchema>;

/** Rates by zone number (`"1"`..`"5"`); an empty rate is sent as null (spec 2 §5). */
export const zoneRatesSchema = z.record(z.string().regex(/^[1-5]$/), z.number().nonnegative().nullable());

/** Units of a zone rate: the product per hectare, by volume or by mass. */
export const zoneRateUnits = ['L/ha', 'kg/ha'] as const;
export const zoneRateUnitSchema = z.enum(zoneRateUnits, { error: 'The unit must be L/ha or kg/ha' });
export type ZoneRateUnit = z.infer<typeof zoneRateUnitSchema>;
/** The unit a total of product is counted in (L for L/ha, kg for kg/ha). */
export const productUnitOf = (unit: ZoneRateUnit): string => unit.slice(0, unit.indexOf('/'));
export const MAX_PRODUCT_NAME = 60;

export const zoneCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(zoneFeatureSchema).min(1).max(5000),
  rates: zoneRatesSchema.optional(),
  total: z.number().nonnegative().nullable().optional(),
  /** The product the rates are of (e.g. Urea): kept with the order and written in every export. */
  product: z
    .string()
    .trim()
    .max(MAX_PRODUCT_NAME, `The product name can be at most ${MAX_PRODUCT_NAME} characters`)
    .optional(),
  /** The unit of the rates: kept with the order; a change must convert the rates or be confirmed. */
  unit: zoneRateUnitSchema.optional(),
  /** What the zones were made of (the zones answer's `made_from`): kept with the order, shown on every reopen. */
  made_from: zonesMadeFromSchema.optional(),
});
export type ZoneCollection = z.infer<typeof zoneCollectionSchema>;

/** The zoning creation payload (spec 2 §3), the body of `POST /v2/cart/add?item_type=zoning`. */
export const zoningCartPayloadSchema = z.object({
  algorithm: z
    .string()
    .trim()
    .regex(/^(standard|sensor_em)_[A-Z_-]+$/, 'Algorithm must look like standard_NDVI or sensor_em_SHALLOW'),
  catalog_entry: z.string().trim().min(1).max(40),
  num_zones: z.number().int().min(2).max(5),
  zone_resolution: z.number().int().min(1).max(4),
  farm_id: z.string().trim().min(1),
  fields: z.array(z.string().trim().min(1)).min(1, 'Select at least one field').max(50),
  zones: zoneCollectionSchema,
});
export type ZoningCartPayload = z.infer<typeof zoningCartPayloadSchema>;

export const cartAddQuerySchema = z.object({ item_type: z.enum(addableCartItemTypes) });

export const cartItemDetailsSchema = z.object({
  farm_id: z.string(),
  farm_name: z.string(),
  num_zones: z.number().int(),
  fields: z.array(z.string()),
  zones: zoneCollectionSchema,
  algorithm: z.string(),
  catalog_entry: z.string(),
  zone_resolution: z.number().int(),
  /** Total zone area in hectares (two decimals), computed by the server from the fields. */
  area: z.number(),
});
export type CartItemDetails = z.infer<typeof cartItemDetailsSchema>;

export const cartItemSchema = z.object({
  id: z.string(),
  item_type: cartItemTypeSchema,
  details: cartItemDetailsSchema,
  /** Price in cents, GST included (zoning). */
  price: z.number().int().nonnegative(),
  created_on: z.string(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartResponseSchema = z.object({
  data: z.array(cartItemSchema),
  /** Sum of the item prices in cents. */
  total: z.number().int().nonnegative(),
  /** The GST part of `total` in cents (1/11 for Australian accounts, else 0). */
  gst: z.number().int().nonnegative(),
  currency: z.literal('aud'),
});
export type CartResponse = z.infer<typeof cartResponseSchema>;

export const cartAddResponseSchema = z.object({ data: cartItemSchema });
export const detailMessageSchema = z.object({ detail: z.string() });

/** `POST /v2/cart/checkout?cart_ids=..&cart_ids=..&invoice=false` (the payment-intent request). */
export const checkoutQuerySchema = z.object({
  cart_ids: z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .pipe(z.array(z.string().trim().min(1)).min(1, 'Your cart is empty').max(100)),
  invoice: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export type CheckoutQuery = z.input<typeof checkoutQuerySchema>;

export const checkoutResponseSchema = z.object({
  /** Null for an invoice payment (nothing to confirm in the browser). */
  client_secret: z.string().nullable(),
  payment_id: z.string(),
  amount: z.number().int().nonnegative(),
  gst: z.number().int().nonnegative(),
  currency: z.literal('aud'),
  invoice_number: z.string().nullable(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const paymentStatuses = ['open', 'paid', 'canceled'] as const;
export const paymentMethods = ['card', 'invoice'] as const;

/** A payment as its owner sees it (`GET /v2/payments/{id}`). */
export const paymentSchema = z.object({
  id: z.string(),
  method: z.enum(paymentMethods),
  status: z.enum(paymentStatuses),
  /** The provider's PaymentIntent status (Stripe's words), null for invoices. */
  intent_status: z.string().nullable(),
  amount: z.number().int().nonnegative(),
  gst: z.number().int().nonnegative(),
  currency: z.literal('aud'),
  invoice_number: z.string().nullable(),
  last_error: z.string().nullable(),
  created_on: z.string(),
  paid_on: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;
export const paymentResponseSchema = z.object({ data: paymentSchema });

export const zoningOrderStatuses = ['pending', 'paid'] as const;
export const zoningOrderSchema = z.object({
  id: z.string(),
  farm_id: z.string(),
  farm_name: z.string(),
  payment_id: z.string(),
  status: z.enum(zoningOrderStatuses),
  algorithm: z.string(),
  catalog_entry: z.string(),
  num_zones: z.number().int(),
  zone_resolution: z.number().int(),
  fields: z.array(z.string()),
  /** The names of the fields paid for (the ones not deleted since), sorted. */
  field_names: z.array(z.string()).optional(),
  zones: z.string().describe('The zone feature collection as a JSON string (spec 2 §3)'),
  area: z.number(),
  price: z.number().int(),
  download_key: z.string().nullable(),
  created_on: z.string(),
  paid_on: z.string().nullable(),
});
export type ZoningOrder = z.infer<typeof zoningOrderSchema>;

export const zoningOrdersQuerySchema = z.object({
  farm_id: z.string().optional(),
  payment_id: z.string().optional(),
  status: z.enum(zoningOrderStatuses).optional(),
  fields: z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .optional(),
});
export const zoningOrdersResponseSchema = z.object({ data: z.array(zoningOrderSchema) });
export const zoningOrderResponseSchema = z.object({ data: zoningOrderSchema });

export const zoningPriceResponseSchema = z.object({ hectare_cost: z.number().int().nonnegative() });

/** What the browser needs to pick and start its `PaymentsClient` (served in `/config.json`). */
export const paymentsClientConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('test'), publishableKey: z.string(), apiUrl: z.string() }),
  z.object({ provider: z.literal('stripe'), publishableKey: z.string() }),
]);
export type PaymentsClientConfig = z.infer<typeof paymentsClientConfigSchema>;
