import { z } from 'zod';
import { pagesSchema } from '@paddock/shared/contracts';

/**
 * High-resolution imagery orders as spec 3 §3/§7 shape them. Provisional: the API helper commits the
 * shared contracts (`shared/src/contracts/orders.ts`); these are replaced by them on merge.
 */

export const orderStatuses = ['submitted', 'pending', 'processing', 'done', 'cancelled', 'purchased'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const paymentMethods = ['stripe', 'invoice'] as const;
export type OrderPaymentMethod = (typeof paymentMethods)[number];

export const captureConfigSchema = z.object({
  unit_price: z.number().int(),
  unit_price_currency: z.string(),
  min_price: z.number().int(),
  minimum_cluster_area: z.number(),
  number_of_captures: z.number().int(),
  minimum_months: z.number(),
});
export type CaptureConfig = z.infer<typeof captureConfigSchema>;

export const productSchema = z.object({
  id: z.string(),
  title: z.string(),
  enabled: z.boolean(),
  unit_min: z.number().nullable().optional(),
  details: z.object({ description: z.string(), suggestion: z.array(z.string()) }),
  config: z.object({ captures: z.array(captureConfigSchema) }),
});
export type Product = z.infer<typeof productSchema>;
export const productsResponseSchema = z.object({ data: z.array(productSchema) });

export const quoteRequestSchema = z.object({
  data: z.object({ product_id: z.string(), field_ids: z.array(z.string()), number_of_captures: z.number().int() }),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

export const quoteResponseSchema = z.object({
  data: z.object({
    order_pricing: z.object({ subtotal: z.number().int() }),
    total_product_unit: z.number(),
    minimum_hectare_requirements_pricing: z.boolean(),
    gst: z.number().int().optional(),
    total: z.number().int().optional(),
  }),
});
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

export const orderCreateSchema = z.object({
  product_id: z.string(),
  start_capture_date: z.string(),
  end_capture_date: z.string(),
  total_product_unit: z.number(),
  order_total: z.number().int(),
  order_subtotal: z.number().int(),
  gst: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().optional(),
  street: z.string(),
  suburb: z.string(),
  state: z.string(),
  post_code: z.string(),
  country: z.string(),
  field_ids: z.array(z.string()),
  number_of_captures: z.number().int(),
  payment_method: z.enum(paymentMethods),
});
export type OrderCreate = z.infer<typeof orderCreateSchema>;

export const orderSchema = z.object({
  id: z.string(),
  status: z.enum(orderStatuses),
  created_on: z.string(),
  product_id: z.string(),
  payment_method: z.enum(paymentMethods),
  order_subtotal: z.number().int(),
  order_total: z.number().int(),
  gst: z.number().int(),
  first_name: z.string().nullable().optional(),
  last_name: z.string().nullable().optional(),
  street: z.string().nullable().optional(),
  suburb: z.string().nullable().optional(),
  state: z.string().nullable().optional(),
  post_code: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  total_product_unit: z.number(),
  minimum_hectare_requirements_pricing: z.boolean(),
  start_capture_date: z.string(),
  end_capture_date: z.string(),
  specification: z.object({
    config: z.object({ number_of_captures: z.number().int() }),
    field_ids: z.array(z.string()),
  }),
  order_pricing: z.object({ subtotal: z.number().int() }).optional(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderCreateResponseSchema = z.object({ data: z.object({ id: z.string() }).passthrough() });
export const orderListResponseSchema = z.object({ orders: z.array(orderSchema), pages: pagesSchema });
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;

export const orderPaymentSchema = z.object({
  invoice_number: z.string().nullable(),
  updated_on: z.string().nullable(),
});
export const orderDetailResponseSchema = z.object({ data: orderSchema, payment: orderPaymentSchema.nullable() });
export type OrderDetailResponse = z.infer<typeof orderDetailResponseSchema>;

export const payOrderResponseSchema = z.object({ data: z.object({ client_secret: z.string() }) });
