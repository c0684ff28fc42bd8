import type { MapParts } from '../map-core/createMap';
import FarmMapView, { type FarmMapViewProps } from '../map-core/FarmMapView';
import { useDrawing } from '../fields/useDrawing';
import { useMeasure } from '../measure/useMeasure';
import type { MapStore } from '../store';

/** The page's tools on the map: drawing boundaries (manage mode) and the measure tool. */
function usePageTools(parts: MapParts, store: MapStore) {
  useDrawing(parts, store);
  useMeasure(parts, store);
}

/**
 * The farm page's map: the shared map view with the page's tools, in its own lazy chunk together
 * with OpenLayers and the tools' code.
 */
export default function FarmMap(props: Omit<FarmMapViewProps, 'useTools'>) {
  return <FarmMapView {...props} useTools={usePageTools} />;
}
