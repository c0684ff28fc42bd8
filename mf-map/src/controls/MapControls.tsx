import { useEffect, useState, type ReactNode } from 'react';
import { useAction } from '@paddock/shared/query';
import { messages } from '../messages';
import { useOlMap, type MapHandle } from '../map-core/olMapContext';
import { ControlButton, ControlGroup } from './ControlButton';
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

/** Spec 2 §2 map controls: zoom, reset bearing, geolocate, then the children (the measure tool); scale bar and coordinates sit on the map. */
export function MapControls({ children }: { children?: ReactNode }) {
  const handle = useOlMap();
  const rotation = useRotation(handle);
  const locate = useAction({ run: async () => handle?.geolocate(), failure: () => messages.geolocationFailed });
  const locating = locate.busy;

  return (
    <div
      className={styles.controls}
      role="toolbar"
      aria-label="Map controls"
      aria-orientation="vertical"
      data-tour="controls"
    >
      <ControlGroup label="Zoom">
        <ControlButton icon="plus" label="Zoom in" onPress={() => handle?.zoomBy(1)} disabled={!handle} />
        <ControlButton icon="minus" label="Zoom out" onPress={() => handle?.zoomBy(-1)} disabled={!handle} />
      </ControlGroup>
      <ControlGroup>
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
          onPress={() => void locate.trigger()}
          disabled={!handle || locating}
        />
      </ControlGroup>
      {children}
    </div>
  );
}
