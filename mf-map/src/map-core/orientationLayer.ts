import type { BBox, OrientationResponse } from '@paddock/shared/contracts';
import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import type { FeatureLike } from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat, transformExtent } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import { useEffect } from 'react';
import type { MapParts } from './createMap';
import { LAYER_Z } from './olMapContext';

/**
 * Orientation over the embedded satellite base map (issue 27 §2): the coastline, the state borders
 * and the names of localities for the part of the map in view, from GET v2/basemap/orientation,
 * asked again when the view comes to rest somewhere new. Drawn above the base map and under the
 * imagery and the fields; names decluttered, so they never overlap one another.
 */

/** Asks the api for the orientation of a view (`api/findApi.ts`). */
export type FetchOrientation = (bbox: BBox, zoom: number) => Promise<OrientationResponse>;

/** Above the base map, below the imagery (LAYER_Z.imagery). */
const ORIENTATION_Z = LAYER_Z.basemap + 1;
/** The view is widened by this share on every side, so a short pan shows lines already there. */
const MARGIN = 0.25;
/** Names the map element lists in `data-orientation-places` (for tests and tools; the map shows them all). */
const LISTED_PLACES = 60;

const HALO = 'rgba(20, 24, 28, 0.85)';
const coastStyle = [
  new Style({ stroke: new Stroke({ color: HALO, width: 3.5 }) }),
  new Style({ stroke: new Stroke({ color: 'rgba(235, 245, 255, 0.95)', width: 1.5 }) }),
];
const borderStyle = [
  new Style({ stroke: new Stroke({ color: HALO, width: 3.5 }) }),
  new Style({ stroke: new Stroke({ color: 'rgba(255, 214, 102, 0.95)', width: 1.5, lineDash: [8, 5] }) }),
];

/** Text and dot sizes by rank: capitals largest, rural localities smallest. */
const RANK_LOOK = [
  { font: '700 15px system-ui, sans-serif', radius: 4.5 },
  { font: '600 14px system-ui, sans-serif', radius: 4 },
  { font: '600 13px system-ui, sans-serif', radius: 3.5 },
  { font: '500 12px system-ui, sans-serif', radius: 3 },
  { font: '500 12px system-ui, sans-serif', radius: 2.5 },
] as const;

const placeStyles = new Map<string, Style>();

/** The style of a coast, border or place feature (one Style object per place name and rank, reused). */
export function orientationStyle(feature: FeatureLike): Style | Style[] {
  const kind = feature.get('kind') as string;
  if (kind === 'coast') return coastStyle;
  if (kind === 'border') return borderStyle;
  const name = String(feature.get('name') ?? '');
  const rank = Math.min(4, Math.max(0, Number(feature.get('rank')) || 0));
  const key = `${rank}|${name}`;
  let style = placeStyles.get(key);
  if (!style) {
    const look = RANK_LOOK[rank] ?? RANK_LOOK[4];
    style = new Style({
      image: new Circle({
        radius: look.radius,
        fill: new Fill({ color: '#ffffff' }),
        stroke: new Stroke({ color: HALO, width: 1.5 }),
      }),
      text: new Text({
        text: name,
        font: look.font,
        fill: new Fill({ color: '#ffffff' }),
        stroke: new Stroke({ color: HALO, width: 3.5 }),
        // Beside the dot, as printed maps do: names stacked north–south (Canberra, Melbourne) then both fit.
        offsetX: look.radius + 5,
        textAlign: 'left',
        textBaseline: 'middle',
        overflow: false,
      }),
    });
    if (placeStyles.size > 5_000) placeStyles.clear();
    placeStyles.set(key, style);
  }
  return style;
}

/** The answer as OpenLayers features in the map's projection. */
export function orientationFeatures(answer: OrientationResponse): Feature[] {
  const line = (kind: 'coast' | 'border') => (coordinates: [number, number][]) =>
    new Feature({ kind, geometry: new LineString(coordinates.map((position) => fromLonLat(position))) });
  return [
    ...answer.coastline.map(line('coast')),
    ...answer.borders.map(line('border')),
    ...answer.localities.map(
      (place, order) =>
        new Feature({
          kind: 'place',
          name: place.name,
          rank: place.rank,
          order,
          geometry: new Point(fromLonLat([place.lon, place.lat])),
        }),
    ),
  ];
}

/**
 * Lines first, then places in the api's order (most important first): where names would overlap,
 * the one drawn first stays (OpenLayers' decluttering), so Sydney wins over Canberra.
 */
export const orientationRenderOrder = (a: FeatureLike, b: FeatureLike): number =>
  ((a.get('order') as number | undefined) ?? -1) - ((b.get('order') as number | undefined) ?? -1);

/** The map's view as a WGS84 box widened by MARGIN and rounded outwards (so small moves ask the same), or null before it has a size. */
export function viewBox(map: OlMap): { bbox: BBox; zoom: number } | null {
  const size = map.getSize();
  const view = map.getView();
  const zoom = view.getZoom();
  if (!size || zoom === undefined) return null;
  const [west, south, east, north] = transformExtent(view.calculateExtent(size), view.getProjection(), 'EPSG:4326');
  const dx = ((east as number) - (west as number)) * MARGIN;
  const dy = ((north as number) - (south as number)) * MARGIN;
  const step = zoom < 6 ? 1 : zoom < 10 ? 0.1 : 0.01;
  const down = (value: number, min: number) => Math.max(min, Math.floor(value / step) * step);
  const up = (value: number, max: number) => Math.min(max, Math.ceil(value / step) * step);
  const round = (value: number) => Math.round(value * 1e4) / 1e4;
  return {
    bbox: [
      round(down((west as number) - dx, -180)),
      round(down((south as number) - dy, -85)),
      round(up((east as number) + dx, 180)),
      round(up((north as number) + dy, 85)),
    ],
    zoom: Math.round(zoom),
  };
}

/**
 * Adds the orientation layer to `map` and keeps it filled for the view; returns what removes it.
 * An answer for a view the user has already left is dropped.
 */
export function attachOrientation(map: OlMap, fetchOrientation: FetchOrientation): () => void {
  const source = new VectorSource<Feature>();
  const layer = new VectorLayer({
    source,
    style: orientationStyle,
    declutter: true,
    renderOrder: orientationRenderOrder,
    zIndex: ORIENTATION_Z,
    updateWhileAnimating: false,
    updateWhileInteracting: false,
    properties: { name: 'orientation' },
  });
  map.addLayer(layer);
  let shown = '';
  let asked = '';
  let gone = false;

  const refresh = () => {
    const view = viewBox(map);
    if (!view) return;
    const key = `${view.bbox.join(',')}@${view.zoom}`;
    if (key === shown || key === asked) return;
    asked = key;
    fetchOrientation(view.bbox, view.zoom)
      .then((answer) => {
        if (gone || asked !== key) return;
        shown = key;
        source.clear(true);
        source.addFeatures(orientationFeatures(answer));
        const target = map.getTargetElement();
        if (target) {
          target.dataset.orientationPlaces = answer.localities
            .slice(0, LISTED_PLACES)
            .map((place) => place.name)
            .join('|');
          target.dataset.orientationLines = String(answer.coastline.length + answer.borders.length);
        }
        source.setAttributions(answer.attribution);
      })
      .catch(() => {
        if (asked === key) asked = '';
        // Orientation is a help, not the map: a failed answer leaves the last one and is asked again on the next move.
      });
  };
  map.on('moveend', refresh);
  refresh();
  return () => {
    gone = true;
    map.un('moveend', refresh);
    map.removeLayer(layer);
    layer.dispose();
    const target = map.getTargetElement();
    if (target) {
      delete target.dataset.orientationPlaces;
      delete target.dataset.orientationLines;
    }
  };
}

/** The orientation layer while `fetchOrientation` is given (the embedded base map is shown). */
export function useOrientationLayer(parts: MapParts, fetchOrientation: FetchOrientation | undefined) {
  useEffect(() => {
    if (!fetchOrientation) return;
    return attachOrientation(parts.map, fetchOrientation);
  }, [parts, fetchOrientation]);
}
