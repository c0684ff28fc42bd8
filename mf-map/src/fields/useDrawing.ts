import { useEffect } from 'react';
import { useStore } from 'zustand';
import Feature from 'ol/Feature';
import type Interaction from 'ol/interaction/Interaction';
import Modify from 'ol/interaction/Modify';
import Snap from 'ol/interaction/Snap';
import { geometryHectares } from './fieldGeometry';
import { labelledPolygonDraw } from '../map-core/polygonDraw';
import { undoCornerSignal } from './undoCorner';
import type { MapState, MapStore } from '../store';
import { type MapParts } from '../map-core/createMap';
import { FIELD_FLAGS, toAreaGeometry, toOlGeometry } from '../map-core/fieldsLayer';

/** Within this many pixels a drawn or dragged corner lands on a neighbouring field's edge or corner. */
const SNAP_PIXELS = 10;

/** What the edit layer holds: nothing, a boundary being drawn, or one field's boundary. */
const contentOf = (s: MapState) =>
  s.drawing.phase === 'idle' ? 'idle' : s.currentField ? `field:${s.currentField}` : 'new';

/** Which tools are out: none, Draw (a new boundary), or Modify (moving corners of the boundary). */
const toolsOf = (s: MapState) =>
  s.drawing.phase === 'idle' ? 'none' : s.drawing.phase === 'drawing' ? 'draw' : `modify:${s.currentField ?? 'new'}`;

/** The polygon being drawn, shown while drawing with its length and area beside the pointer. */
function drawTool(parts: MapParts, store: MapStore): { tool: Interaction; dispose(): void } {
  const { draw, dispose: disposeLabel } = labelledPolygonDraw(parts.map, parts.edit.source);
  draw.on('drawend', (event) => {
    const geometry = event.feature.getGeometry();
    if (!geometry) return;
    const area = toAreaGeometry(geometry);
    store.getState().sketchClosed(area, geometryHectares(area));
  });
  // Keyboard: Backspace takes back the last corner, Escape starts the sketch again.
  const onKey = (event: KeyboardEvent) => {
    if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select, [contenteditable]'))
      return;
    if (event.key === 'Backspace') draw.removeLastPoint();
    if (event.key === 'Escape') draw.abortDrawing();
  };
  document.addEventListener('keydown', onKey);
  // The editing bar's on-screen 'Undo corner' (touch screens have no Backspace).
  const undo = () => draw.removeLastPoint();
  const signal = undoCornerSignal(store);
  signal.addEventListener('undo', undo);
  return {
    tool: draw,
    dispose: () => {
      document.removeEventListener('keydown', onKey);
      signal.removeEventListener('undo', undo);
      disposeLabel();
    },
  };
}

function modifyTool(parts: MapParts, store: MapStore): Interaction {
  const modify = new Modify({ source: parts.edit.source });
  modify.on('modifyend', (event) => {
    const geometry = event.features.item(0)?.getGeometry();
    if (!geometry) return;
    const area = toAreaGeometry(geometry);
    store.getState().geometryChanged(area, geometryHectares(area));
  });
  return modify;
}

/**
 * Manage mode on the map (spec 1 §4.4): Draw for a new boundary with a live length and area,
 * Modify for the corners of the boundary being edited, Snap to the neighbouring fields' edges.
 */
export function useDrawing(parts: MapParts, store: MapStore) {
  const content = useStore(store, contentOf);
  const tools = useStore(store, toolsOf);

  // What is in the edit layer. A new boundary is put there by Draw; a field's is copied in, and
  // the field itself is hidden meanwhile.
  useEffect(() => {
    const editSource = parts.edit.source;
    if (content === 'idle') {
      editSource.clear();
      return;
    }
    if (content === 'new') return;
    const original = parts.fields.source.getFeatureById(content.slice('field:'.length));
    const geometry = store.getState().drawing.geometry;
    editSource.clear();
    if (geometry) editSource.addFeature(new Feature(toOlGeometry(geometry)));
    original?.set(FIELD_FLAGS.editing, true);
    return () => {
      original?.set(FIELD_FLAGS.editing, false);
    };
  }, [parts, store, content]);

  useEffect(() => {
    if (tools === 'none') return;
    const { map } = parts;
    const drawing = tools === 'draw' ? drawTool(parts, store) : null;
    const tool = drawing?.tool ?? modifyTool(parts, store);
    // Snap goes last: it must see pointer events after Draw and Modify.
    const snap = new Snap({ source: parts.fields.source, pixelTolerance: SNAP_PIXELS });
    map.addInteraction(tool);
    map.addInteraction(snap);
    // The field being edited must not pull its own corners back to where they were.
    const editedId = store.getState().currentField;
    const original = editedId ? parts.fields.source.getFeatureById(editedId) : null;
    if (original) snap.removeFeature(original);
    return () => {
      map.removeInteraction(tool);
      map.removeInteraction(snap);
      drawing?.dispose();
    };
  }, [parts, store, tools]);
}
