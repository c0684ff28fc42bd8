import { createAreaApiClient, type AreaApiOptions } from '@paddock/shared/api-client';
import {
  bookResponseSchema,
  bookingsResponseSchema,
  emMachinesResponseSchema,
  emPriceSchema,
  reserveResponseSchema,
  type BookResponse,
  type BookingPayload,
  type BookingsResponse,
  type EmMachine,
  type EmPrice,
  type ReserveResponse,
} from '@paddock/shared/contracts';

/** The Rapid-EM calls of spec 3 §7 (`plugins/bookings`). Dates are ISO calendar days, end inclusive. */
export interface BookingsApi {
  machines(): Promise<EmMachine[]>;
  price(): Promise<EmPrice>;
  /** 409 with 'Your desired dates have been booked by another customer…' when the days are taken. */
  reserve(machineId: string, startDate: string, endDate: string): Promise<ReserveResponse>;
  book(payload: BookingPayload): Promise<BookResponse>;
  bookings(skip: number, limit: number): Promise<BookingsResponse>;
}

export function createBookingsApi({ config, getToken, fetch }: AreaApiOptions): BookingsApi {
  const api = createAreaApiClient({ config, getToken, fetch });
  return {
    machines: () => api.get('sensors/em/machines', emMachinesResponseSchema),
    price: () => api.get('sensors/em/price', emPriceSchema),
    reserve: (machine_id, start_date, end_date) =>
      api.send('post', 'sensors/em/reserve', reserveResponseSchema, { machine_id, start_date, end_date }),
    book: (payload) => api.send('post', 'sensors/em/book', bookResponseSchema, payload),
    bookings: (skip, limit) => api.get('sensors/em/bookings', bookingsResponseSchema, { skip, limit }),
  };
}
