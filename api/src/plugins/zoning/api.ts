/**
 * What other plugins may use of `plugins/zoning` (issue 28): the cart checks and binds the zones it
 * sells with zoning's own rules, and turns paid items into zoning orders through zoning, the only
 * plugin that writes `zoning_orders`.
 */
export { boundZonesToFields } from './bound';
export { checkZones, deliverZoningOrders, placeZoningOrders, type ZoningOrderItem } from './orders';
