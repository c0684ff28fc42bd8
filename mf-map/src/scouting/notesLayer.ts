import Feature from 'ol/Feature';
import type Polygon from 'ol/geom/Polygon';
import { getArea } from 'ol/sphere';
import GeoJSON from 'ol/format/GeoJSON';
import type OlMap from 'ol/Map';
import VectorLayer from 'ol/layer/Vector';
import { toLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style } from 'ol/style';
import type { AreaGeometry, ScoutingGeometry, ScoutingSeverity } from '@paddock/shared/contracts';
import { toAreaGeometry } from '../map-core/fieldsLayer';
import { labelledPolygonDraw } from '../map-core/polygonDraw';
import { LAYER_Z } from '../map-core/olMapContext';

/** A note as the map shows it: where, how bad, and whether it still waits to be sent. */
export interface MappedNote {
  id: string;
  geometry: ScoutingGeometry;
  severity: ScoutingSeverity;
  waiting: boolean;
}

export const SEVERITY_COLOURS: Record<ScoutingSeverity, string> = {
  low: '#2e7d32',
  moderate: '#ef8f00',
  high: '#c62828',
};

const styles = new Map<string, Style>();
function noteStyle(severity: ScoutingSeverity, waiting: boolean): Style {
  const key = `${severity}:${waiting}`;
  let style = styles.get(key);
  if (!style) {
    const colour = SEVERITY_COLOURS[severity];
    const stroke = new Stroke({
      color: waiting ? '#ffffff' : colour,
      width: 2.5,
      lineDash: waiting ? [4, 3] : undefined,
    });
    style = new Style({
      image: new Circle({
        radius: 8,
        fill: new Fill({ color: colour }),
        stroke: new Stroke({ color: '#ffffff', width: 2.5 }),
      }),
      stroke,
      fill: new Fill({ color: `${colour}33` }),
    });
    styles.set(key, style);
  }
  return style;
}

const format = new GeoJSON();

/** The notes layer: pins and areas coloured by severity, dashed while waiting to be sent. */
export function createNotesLayer(map: OlMap) {
  const source = new VectorSource();
  const layer = new VectorLayer({
    source,
    zIndex: LAYER_Z.markers,
    style: (feature) => noteStyle(feature.get('severity') as ScoutingSeverity, feature.get('waiting') === true),
  });
  map.addLayer(layer);
  const projection = map.getView().getProjection();
  return {
    show(notes: readonly MappedNote[]) {
      source.clear();
      source.addFeatures(
        notes.map((note) => {
          const feature = new Feature(format.readGeometry(note.geometry, { featureProjection: projection }));
          feature.setId(note.id);
          feature.setProperties({ severity: note.severity, waiting: note.waiting });
          return feature;
        }),
      );
    },
    remove() {
      map.removeLayer(layer);
    },
  };
}

/** Brings a note into view (a follow-up's link opens the map on it). */
export function focusNote(map: OlMap, geometry: ScoutingGeometry): void {
  const shape = format.readGeometry(geometry, { featureProjection: map.getView().getProjection() });
  map.getView().fit(shape.getExtent(), { maxZoom: 17, padding: [48, 48, 48, 48], duration: 300 });
}

/** The next click on the map, as WGS84 [lon, lat]; the returned function stops waiting. */
export function nextMapClick(map: OlMap, onPlace: (lonLat: [number, number]) => void): () => void {
  const projection = map.getView().getProjection();
  const listener = (event: { coordinate: number[] }) => {
    const [lon = 0, lat = 0] = toLonLat(event.coordinate, projection);
    onPlace([lon, lat]);
  };
  map.once('singleclick', listener);
  return () => map.un('singleclick', listener);
}

/** The area being drawn: its corners so far can be taken back, or it can be closed or dropped. */
export interface AreaSketch {
  undoCorner(): void;
  /** Closes the area when it has three corners or more. */
  finish(): void;
  stop(): void;
}

/**
 * Draws a note's area on the map (OpenLayers Draw, a polygon) with its length and area beside the
 * last corner, as the field drawing shows them; `onClosed` gets it in WGS84. Backspace takes back
 * the last corner, Escape starts again. An area closed with fewer than three corners calls `onTooSmall`.
 */
export function drawArea(map: OlMap, onClosed: (area: AreaGeometry) => void, onTooSmall: () => void): AreaSketch {
  const { draw, dispose: disposeLabel } = labelledPolygonDraw(map);
  draw.on('drawend', (event) => {
    const geometry = event.feature.getGeometry() as Polygon | undefined;
    // Closed with fewer than three corners: no area; the next tap starts again.
    if (!geometry || getArea(geometry) < 1) return onTooSmall();
    onClosed(toAreaGeometry(geometry));
  });
  const onKey = (event: KeyboardEvent) => {
    if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select, [contenteditable]'))
      return;
    if (event.key === 'Backspace') draw.removeLastPoint();
    if (event.key === 'Escape') draw.abortDrawing();
  };
  document.addEventListener('keydown', onKey);
  map.addInteraction(draw);
  return {
    undoCorner: () => draw.removeLastPoint(),
    finish: () => draw.finishDrawing(),
    stop: () => {
      document.removeEventListener('keydown', onKey);
      map.removeInteraction(draw);
      disposeLabel();
    },
  };
}
