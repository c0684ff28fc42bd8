import { ImageryOverlay } from '../imagery/ImageryOverlay';
import { PaidOrders } from '../zoning/PaidOrders';
import { ZoningPanel } from '../zoning/ZoningPanel';

/** Imagery on the farm page, with zoning's panel (zoning mode) and its orders (the Zoning layer). */
export function FarmImagery() {
  return <ImageryOverlay zoningPanel={<ZoningPanel />} zoningOrders={<PaidOrders />} />;
}
