import { ImageryOverlay } from '../imagery/ImageryOverlay';
import { PaidOrders } from '../zoning/PaidOrders';
import { ZoningPanel } from '../zoning/ZoningPanel';
import { SeasonWeather } from '../weather/SeasonWeather';

/**
 * Imagery on the farm page, with zoning's panel (zoning mode), its orders (the Zoning layer) and the
 * season's weather under a field's chart.
 */
export function FarmImagery() {
  return (
    <ImageryOverlay
      zoningPanel={<ZoningPanel />}
      zoningOrders={<PaidOrders />}
      seriesExtra={(field, algorithm) => <SeasonWeather field={field} algorithm={algorithm} />}
    />
  );
}
