/**
 * What other code may use of `plugins/orders` (issue 28): the calendar day the order date rules use,
 * and the job that renders an order's tax document (tests wait for it).
 */
export { DOCUMENT_JOB, orderToday } from './service';
