import { z } from 'zod';
import { pagesSchema } from './farms';
import { isoDateSchema, lastDayAhead, TOO_FAR_AHEAD_MESSAGE } from './imagery';

/**
 * Rapid-EM booking (spec 3 §3, §4, §5, §7, §9; spec README 'reservation dates'). Dates are ISO
 * calendar days `YYYY-MM-DD`, the end inclusive; a UTC-midnight epoch-milliseconds value is also
 * accepted and read as that calendar day.
 */

/** Spec 3 §9: the booking minimum is 3 days, counted inclusively. */
export const BOOKING_MIN_DAYS = 3;
/** The longest booking the product takes in one reservation. */
export const BOOKING_MAX_DAYS = 366;
/** A reservation holds its dates this long unless it is booked and paid. */
export const RESERVATION_HOLD_MINUTES = 15;

/** Spec 3 §5 (wording corrected in the spec README). */
export const BOOKING_MIN_DAYS_MESSAGE = 'Please select at least 3 days for booking a machine.';
/** Spec 3 §8 (wording corrected in the spec README). */
export const DATES_TAKEN_MESSAGE =
  'Your desired dates have been booked by another customer. Try selecting different dates.';
export const PAST_DATES_MESSAGE = 'Bookings cannot start before today.';
export const RESERVATION_NOT_FOUND = 'Reservation not found';
export const RESERVATION_EXPIRED_MESSAGE = 'Your reservation has expired. Please select your dates again.';

const epochDay = (value: number) => new Date(value).toISOString().slice(0, 10);

/** An ISO calendar date, or a UTC-midnight epoch-milliseconds number read as that day. */
export const bookingDateSchema = z
  .union([
    isoDateSchema,
    z
      .number()
      .int()
      .refine((value) => value % 86_400_000 === 0 && Math.abs(value) < 8.64e15, {
        error: 'Dates are written YYYY-MM-DD (or a UTC-midnight timestamp in milliseconds)',
      })
      .transform(epochDay),
  ])
  .pipe(z.string());

/** Days from `start` to `end`, both included (ISO dates). */
export function inclusiveDays(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

export const reservedRangeSchema = z.object({ start_date: z.string(), end_date: z.string() });
export type ReservedRange = z.infer<typeof reservedRangeSchema>;

export const emMachineSchema = z.object({
  machine_id: z.string(),
  name: z.string(),
  reserved_dates: z.array(reservedRangeSchema),
});
export type EmMachine = z.infer<typeof emMachineSchema>;
export const emMachinesResponseSchema = z.array(emMachineSchema);

export const emPriceSchema = z.object({
  /** The upfront hire fee in cents, before GST. */
  minimum_fee: z.number().int().nonnegative(),
  /** GST in percent, added for Australian accounts. */
  tax_rate: z.number().nonnegative(),
});
export type EmPrice = z.infer<typeof emPriceSchema>;

export const reserveRequestSchema = z
  .object({
    machine_id: z.string().trim().min(1, 'Please choose a machine'),
    start_date: bookingDateSchema,
    end_date: bookingDateSchema,
  })
  .superRefine((value, ctx) => {
    if (value.start_date > lastDayAhead(new Date().toISOString().slice(0, 10))) {
      ctx.addIssue({ code: 'custom', path: ['start_date'], message: TOO_FAR_AHEAD_MESSAGE });
      return;
    }
    const days = inclusiveDays(value.start_date, value.end_date);
    if (days < BOOKING_MIN_DAYS)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: BOOKING_MIN_DAYS_MESSAGE });
    else if (days > BOOKING_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: `A booking can be at most ${BOOKING_MAX_DAYS} days.`,
      });
  });
export type ReserveRequest = z.input<typeof reserveRequestSchema>;

export const reserveResponseSchema = z.object({
  reservation_id: z.string(),
  /** When the hold ends unless the booking is paid (ISO timestamp). */
  expires_on: z.string(),
});
export type ReserveResponse = z.infer<typeof reserveResponseSchema>;

/** 409 from reserve: the message and every machine's reserved dates as they are now. */
export const reserveConflictSchema = z.object({ detail: z.string(), machines: emMachinesResponseSchema });

const text = (max: number) => z.string().trim().max(max);

/** Spec 3 §3 'Booking payload'. The shipping country is Australia (spec 3 §2.11). */
export const bookingPayloadSchema = z.object({
  reservation_id: z.string().trim().min(1),
  first_name: text(100).min(1, 'Enter first name'),
  last_name: text(100).min(1, 'Enter last name'),
  company_name: text(200).optional().default(''),
  address1: text(200).min(1, 'Enter address'),
  address2: text(200).optional().default(''),
  city: text(100).min(1, 'Enter city'),
  state: text(100).min(1, 'Please select state/province.'),
  country: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.literal('AU', { error: 'Rapid-EM machines are shipped within Australia only' })),
  post_code: text(20).min(1, 'Please enter zip or postal code.'),
});
export type BookingPayload = z.input<typeof bookingPayloadSchema>;

export const bookResponseSchema = z.object({
  client_secret: z.string(),
  payment_id: z.string(),
  /** Cents: the upfront fee, its GST (Australian accounts) and their sum. */
  subtotal: z.number().int().nonnegative(),
  gst: z.number().int().nonnegative(),
  amount: z.number().int().nonnegative(),
  currency: z.literal('aud'),
});
export type BookResponse = z.infer<typeof bookResponseSchema>;

/** 'held' (reserved), 'booked' (book called, payment open: shown 'attempted booking'), 'confirmed' (paid), 'expired'. */
export const bookingStatuses = ['held', 'booked', 'confirmed', 'expired'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** Spec 3 §4: 'booked' is displayed as 'attempted booking'; other values are shown raw. */
export const bookingStatusLabel = (status: string): string => (status === 'booked' ? 'attempted booking' : status);

export const bookingSchema = z.object({
  id: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  machine_id: z.string(),
  status: z.enum(bookingStatuses),
  amount: z.number().int().nonnegative(),
  created_on: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingsQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type BookingsQuery = z.input<typeof bookingsQuerySchema>;

export const bookingsResponseSchema = z.object({ data: z.array(bookingSchema), pages: pagesSchema });
export type BookingsResponse = z.infer<typeof bookingsResponseSchema>;
