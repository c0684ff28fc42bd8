/** What other code may use of `plugins/bookings` (issue 28): the calendar day bookings are counted in. */
export { bookingToday, RESERVATIONS_PER_HOUR, TOO_MANY_RESERVATIONS } from './service';
