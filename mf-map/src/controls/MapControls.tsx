import { useEffect, useState } from 'react';
import { useMapArea } from '../context';
import { messages } from '../messages';
import { useOlMap, type MapHandle } from '../map-core/olMapContext';
import { useMapStore, useMapStoreApi, type MeasureMode } from '../store';
import { Icon, type IconName } from './icons';
import styles from './MapControls.module.css';

function useRotation(handle: MapHandle | null): number {
  const [rotation, setRotation] = useState(0);
  useEffect(() => {
    if (!handle) return;
    const view = handle.map.getView();
    const onRotate = () => setRotation(view.getRotation());
    view.on('change:rotation', onRotate);
    return () => view.un('change:rotation', onRotate);
  }, [handle]);
  return rotation;
}

function ControlButton({
  icon,
  label,
  onPress,
  pressed,
  disabled,
  rotation,
}: {
  icon: IconName;
  label: string;
  onPress(): void;
  pressed?: boolean;
  disabled?: boolean;
  rotation?: number;
}) {
  return (
    <button
      type="button"
      className={styles.control}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onPress}
    >
      <span className={styles.icon} style={rotation ? { transform: `rotate(${rotation}rad)` } : undefined}>
        <Icon name={icon} />
      </span>
    </button>
  );
}

/** The measure tool: line and area (one at a time, pressed again to stop) and delete. */
function MeasureControls({ handle }: { handle: MapHandle | null }) {
  const store = useMapStoreApi();
  const measureMode = useMapStore((s) => s.measureMode);
  const choose = (mode: Exclude<MeasureMode, null>) =>
    store.getState().setMeasureMode(measureMode === mode ? null : mode);
  return (
    <div className={styles.group} role="group" aria-label="Measure">
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
    </div>
  );
}

/** Spec 2 §2 map controls: zoom, reset bearing, geolocate and the measure tool (scale bar and coordinates sit on the map). */
export function MapControls() {
  const { bus } = useMapArea();
  const handle = useOlMap();
  const rotation = useRotation(handle);
  const [locating, setLocating] = useState(false);
  const mode = useMapStore((s) => s.mode);

  const locate = async () => {
    if (!handle) return;
    setLocating(true);
    try {
      await handle.geolocate();
    } catch {
      bus.toast('error', messages.geolocationFailed);
    } finally {
      setLocating(false);
    }
  };

  return (
    <div className={styles.controls} role="toolbar" aria-label="Map controls" aria-orientation="vertical">
      <div className={styles.group} role="group" aria-label="Zoom">
        <ControlButton icon="plus" label="Zoom in" onPress={() => handle?.zoomBy(1)} disabled={!handle} />
        <ControlButton icon="minus" label="Zoom out" onPress={() => handle?.zoomBy(-1)} disabled={!handle} />
      </div>
      <div className={styles.group}>
        <ControlButton
          icon="compass"
          label="Reset bearing to north"
          onPress={() => handle?.resetBearing()}
          disabled={!handle}
          rotation={rotation}
        />
        <ControlButton
          icon="locate"
          label={locating ? 'Finding your location' : 'Show my location'}
          onPress={() => void locate()}
          disabled={!handle || locating}
        />
      </div>
      {mode !== 'manage' && <MeasureControls handle={handle} />}
    </div>
  );
}
