import Feature from 'ol/Feature';
import Geolocation from 'ol/Geolocation';
import OlMap from 'ol/Map';
import Overlay from 'ol/Overlay';
import View from 'ol/View';
import MousePosition from 'ol/control/MousePosition';
import ScaleLine from 'ol/control/ScaleLine';
import Attribution from 'ol/control/Attribution';
import type { Coordinate } from 'ol/coordinate';
import { createEmpty, extend, isEmpty, type Extent } from 'ol/extent';
import type Geometry from 'ol/geom/Geometry';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import { unByKey } from 'ol/Observable';
import { fromLonLat, transformExtent } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style } from 'ol/style';
import { MultiPoint, type Polygon } from 'ol/geom';
import { messages } from '../messages';
import { createFieldsLayer } from './fieldsLayer';
import { createFieldMarkers, zoomToMarkerAt } from './fieldMarkers';
import { measuredPadding } from './fitPadding';
import { LAYER_Z, type MapHandle } from './olMapContext';
import styles from './FarmMapView.module.css';

// Australia as a whole: where a farm without fields starts.
const AUSTRALIA_CENTRE = fromLonLat([134, -27]);
const AUSTRALIA_ZOOM = 4;
// Zooming closer than this to one small field shows nothing useful.
const FIT_MAX_ZOOM = 17;
const LOCATE_ZOOM = 15;
const LOCATE_TIMEOUT_MS = 15_000;

const editStroke = new Stroke({ color: '#c45c00', width: 2.5 });
const vertex = new Circle({
  radius: 5,
  fill: new Fill({ color: '#ffffff' }),
  stroke: new Stroke({ color: '#c45c00', width: 2 }),
});
const editStyles = [
  new Style({ fill: new Fill({ color: 'rgba(196, 92, 0, 0.15)' }), stroke: editStroke }),
  // The corners, so the user sees what can be dragged.
  new Style({
    image: vertex,
    geometry: (feature) => new MultiPoint((feature.getGeometry() as Polygon).getCoordinates().flat()),
  }),
];
const measureStyle = new Style({
  fill: new Fill({ color: 'rgba(31, 95, 139, 0.15)' }),
  stroke: new Stroke({ color: '#1f5f8b', width: 2, lineDash: [8, 6] }),
});
const searchPinStyle = new Style({
  image: new Circle({
    radius: 8,
    fill: new Fill({ color: '#c62828' }),
    stroke: new Stroke({ color: '#ffffff', width: 3 }),
  }),
});
const locationStyle = new Style({
  image: new Circle({
    radius: 7,
    fill: new Fill({ color: '#1a73e8' }),
    stroke: new Stroke({ color: '#ffffff', width: 2 }),
  }),
});

/** A text label that follows a point on the map (drawing and measuring read-outs). */
export interface MapTooltip {
  show(coordinate: Coordinate, text: string): void;
  hide(): void;
  /** Leaves the label where it is, styled as a finished measurement. */
  pin(): void;
  remove(): void;
}

export function createTooltip(map: OlMap): MapTooltip {
  const element = document.createElement('div');
  element.className = styles.tooltip ?? '';
  const overlay = new Overlay({
    element,
    offset: [0, -14],
    positioning: 'bottom-center',
    stopEvent: false,
    insertFirst: false,
  });
  map.addOverlay(overlay);
  return {
    show(coordinate, text) {
      element.textContent = text;
      overlay.setPosition(coordinate);
    },
    hide() {
      overlay.setPosition(undefined);
    },
    pin() {
      element.className = `${styles.tooltip} ${styles.tooltipPinned}`;
    },
    remove() {
      map.removeOverlay(overlay);
    },
  };
}

function vectorLayer(zIndex: number, style: Style | Style[], name: string) {
  const source = new VectorSource<Feature<Geometry>>();
  return { source, layer: new VectorLayer({ source, style, zIndex, properties: { name } }) };
}

/**
 * Tiles in flight at once (OpenLayers' default is 16). Everything comes from one origin, and a browser
 * opens six HTTP/1.1 connections to it: with sixteen slow tiles queued (a busy server renders base-map
 * tiles last), the remote's code and the api calls a click needs waited behind them for seconds.
 */
export const MAX_TILES_LOADING = 4;

/** Everything the map is made of; the handle is what the rest of the page sees. */
export interface MapParts {
  map: OlMap;
  fields: ReturnType<typeof createFieldsLayer>;
  markers: ReturnType<typeof createFieldMarkers>;
  edit: ReturnType<typeof vectorLayer>;
  measure: ReturnType<typeof vectorLayer> & { tooltips: MapTooltip[] };
  handle: MapHandle;
}

const formatCoordinate = (coordinate: Coordinate | undefined): string =>
  coordinate ? `Lat ${coordinate[1]?.toFixed(5)}\nLon ${coordinate[0]?.toFixed(5)}` : '';

/** Runs `fit` once the map knows its size (a view cannot fit an extent into an unknown box). */
function whenSized(map: OlMap, fit: () => void) {
  if (map.getSize()) fit();
  else map.once('change:size', fit);
}

/** The map without a target: the component attaches it to its element once that exists. */
export function createMapParts(): MapParts {
  const fields = createFieldsLayer();
  const edit = vectorLayer(LAYER_Z.drawing, editStyles, 'drawing');
  const measure = { ...vectorLayer(LAYER_Z.measure, measureStyle, 'measure'), tooltips: [] as MapTooltip[] };
  const location = vectorLayer(LAYER_Z.measure + 1, locationStyle, 'location');
  const searchPin = vectorLayer(LAYER_Z.measure + 2, searchPinStyle, 'search-pin');
  const markers = createFieldMarkers(fields.source, LAYER_Z.markers);
  const view = new View({ center: AUSTRALIA_CENTRE, zoom: AUSTRALIA_ZOOM, maxZoom: 21 });
  const map = new OlMap({
    layers: [fields.layer, markers.layer, edit.layer, measure.layer, location.layer, searchPin.layer],
    view,
    maxTilesLoading: MAX_TILES_LOADING,
    controls: [
      // The base map's source and licence (shown only while a layer has an attribution).
      new Attribution({ collapsible: false }),
      new ScaleLine({ units: 'metric', minWidth: 80 }),
      new MousePosition({
        projection: 'EPSG:4326',
        coordinateFormat: formatCoordinate,
        placeholder: '',
        className: styles.coordinates,
      }),
    ],
  });

  const zoomToFields = (fieldIds?: string[]) => {
    let extent: Extent = createEmpty();
    if (fieldIds) {
      for (const id of fieldIds) {
        const geometry = fields.source.getFeatureById(id)?.getGeometry();
        if (geometry) extent = extend(extent, geometry.getExtent());
      }
    } else {
      extent = fields.source.getExtent() ?? createEmpty();
    }
    if (isEmpty(extent)) return;
    whenSized(map, () =>
      view.fit(extent, {
        padding: measuredPadding(map.getTargetElement()),
        maxZoom: FIT_MAX_ZOOM,
        duration: fieldIds ? 300 : 0,
      }),
    );
  };

  // A marker (or cluster) click zooms to its field(s); field clicks are handled by the page.
  map.on('singleclick', (event) => {
    zoomToMarkerAt(map, markers, event.pixel, zoomToFields);
  });

  const goTo = (lon: number, lat: number, zoom: number) => {
    const centre = fromLonLat([lon, lat]);
    searchPin.source.clear();
    searchPin.source.addFeature(new Feature(new Point(centre)));
    // Fitting the point (not centring it) puts it in the middle of the map the panels leave free: on a
    // phone the field sheet covers the lower half, and the pin would sit under its edge.
    whenSized(map, () =>
      view.fit(new Point(centre), { padding: measuredPadding(map.getTargetElement()), maxZoom: zoom, duration: 400 }),
    );
  };

  const fitLonLatBox = (bbox: readonly [number, number, number, number], maxZoom = 14) => {
    const extent = transformExtent([...bbox], 'EPSG:4326', view.getProjection());
    whenSized(map, () => view.fit(extent, { padding: measuredPadding(map.getTargetElement()), maxZoom, duration: 0 }));
  };

  const geolocate = () =>
    new Promise<void>((resolve, reject) => {
      const geolocation = new Geolocation({
        projection: view.getProjection(),
        trackingOptions: { enableHighAccuracy: true, timeout: LOCATE_TIMEOUT_MS },
      });
      const finish = () => {
        geolocation.setTracking(false);
        unByKey(keys);
      };
      const keys = [
        geolocation.once('change:position', () => {
          finish();
          const position = geolocation.getPosition();
          if (!position) return reject(new Error(messages.geolocationFailed));
          location.source.clear();
          location.source.addFeature(new Feature(new Point(position)));
          view.animate({ center: position, zoom: Math.max(view.getZoom() ?? 0, LOCATE_ZOOM), duration: 400 });
          resolve();
        }),
        geolocation.once('error', () => {
          finish();
          reject(new Error(messages.geolocationFailed));
        }),
      ];
      geolocation.setTracking(true);
    });

  const handle: MapHandle = {
    map,
    zoomToFields,
    zoomBy: (delta) => view.animate({ zoom: (view.getZoom() ?? AUSTRALIA_ZOOM) + delta, duration: 200 }),
    resetBearing: () => view.animate({ rotation: 0, duration: 250 }),
    geolocate,
    clearMeasurements: () => {
      measure.source.clear();
      measure.tooltips.splice(0).forEach((tooltip) => tooltip.remove());
    },
    goTo,
    fitLonLatBox,
  };
  return { map, fields, markers, edit, measure, handle };
}
