import { ControlButton, ControlGroup } from '../controls/ControlButton';
import { useMapStore, useMapStoreApi } from '../store';
import styles from './zoning.module.css';

/**
 * Spec 2 §2 map controls in zoning mode: the zone layer's transparency slider (default 1, spec 2 §9)
 * and the algorithm toggle, which shows the calculation's image in place of the zones. Edit-zone mode
 * keeps the slider.
 */
export function ZoningControls() {
  const store = useMapStoreApi();
  const mode = useMapStore((s) => s.mode);
  const opacity = useMapStore((s) => s.zoneTransparency);
  const imageShown = useMapStore((s) => s.zoneImageShown);
  const algorithm = useMapStore((s) => s.selectedAlgorithm);
  const ready = useMapStore((s) => s.selectedDate !== null && s.selectedAlgorithm !== null);
  if (mode !== 'zoning' && mode !== 'edit-zone') return null;
  const name = algorithm ?? 'index';
  return (
    <>
      <ControlGroup label="Zone transparency">
        <div className={styles.opacityControl}>
          <span className={styles.opacityLabel} aria-hidden="true">
            {Math.round(opacity * 100)}%
          </span>
          <input
            className={styles.opacitySlider}
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={opacity}
            aria-label="Zone transparency"
            aria-valuetext={`${Math.round(opacity * 100)}% opaque`}
            onChange={(event) => store.getState().setZoneTransparency(Number(event.target.value))}
          />
        </div>
      </ControlGroup>
      {mode === 'zoning' && (
        <ControlGroup label="Algorithm">
          <ControlButton
            icon="layers"
            label={imageShown ? `Show the zones instead of the ${name} image` : `Show the ${name} image`}
            pressed={imageShown}
            disabled={!ready}
            onPress={() => store.getState().setZoneImageShown(!imageShown)}
          />
        </ControlGroup>
      )}
    </>
  );
}
