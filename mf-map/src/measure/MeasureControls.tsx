import { ControlButton, ControlGroup } from '../controls/ControlButton';
import { useOlMap } from '../map-core/olMapContext';
import { useMapStore, useMapStoreApi, type MeasureMode } from '../store';

/** The measure tool: line and area (one at a time, pressed again to stop) and delete; put away in manage mode. */
export function MeasureControls() {
  const store = useMapStoreApi();
  const handle = useOlMap();
  const measureMode = useMapStore((s) => s.measureMode);
  const managing = useMapStore((s) => s.mode === 'manage');
  const choose = (mode: Exclude<MeasureMode, null>) =>
    store.getState().setMeasureMode(measureMode === mode ? null : mode);
  if (managing) return null;
  return (
    <ControlGroup label="Measure">
      <ControlButton
        icon="ruler"
        label="Measure distance"
        pressed={measureMode === 'line'}
        onPress={() => choose('line')}
        disabled={!handle}
      />
      <ControlButton
        icon="area"
        label="Measure area"
        pressed={measureMode === 'area'}
        onPress={() => choose('area')}
        disabled={!handle}
      />
      <ControlButton
        icon="eraser"
        label="Delete measurements"
        disabled={!handle}
        onPress={() => {
          store.getState().setMeasureMode(null);
          handle?.clearMeasurements();
        }}
      />
    </ControlGroup>
  );
}
