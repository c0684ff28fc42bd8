import { useShallow } from 'zustand/react/shallow';
import { Button } from '@paddock/shared/ui';
import { useMapStore, useMapStoreApi } from '../store';
import { Icon } from '@paddock/shared/ui';
import styles from './Manage.module.css';
import { touchFirst } from '../map-core/pointer';
import { undoCornerSignal } from './undoCorner';
import { useFarmFields } from '../map-core/farmData';

/** Spec 1 §2.7: the Boundaries toolbar of manage mode (back, create, delete). */
export function BoundariesToolbar({ onDelete }: { onDelete(): void }) {
  const store = useMapStoreApi();
  const phase = useMapStore((s) => s.drawing.phase);
  const fieldCount = useFarmFields().length;
  return (
    <div className={styles.toolbar} role="toolbar" aria-label="Boundaries">
      <span className={styles.toolbarTitle} aria-hidden="true">
        Boundaries
      </span>
      <button type="button" className={styles.tool} onClick={() => store.getState().setMode('view')}>
        <Icon name="back" /> Back
      </button>
      <button
        type="button"
        className={styles.tool}
        disabled={phase !== 'idle'}
        onClick={() => store.getState().startDrawing(fieldCount)}
      >
        <Icon name="draw" /> Create
      </button>
      <button type="button" className={styles.tool} data-tone="danger" onClick={onDelete}>
        <Icon name="trash" /> Delete
      </button>
    </div>
  );
}

/** What to do next, in the words of the pointer in hand: a mouse clicks, a finger taps (issue 27). */
export const hints = {
  mouse: {
    idle: 'Select a field on the map to change its boundary, or use Create to draw a new one.',
    drawing:
      'Click the map to place each corner. Double-click, or click the first corner, to close the boundary. Backspace (or Undo corner) removes the last corner.',
    shaping: 'Drag a corner to move it; drag the middle of an edge to add one. Alt-click a corner to remove it.',
  },
  touch: {
    idle: 'Tap a field on the map to change its boundary, or use Create to draw a new one.',
    drawing:
      'Tap the map to place each corner. Tap the first corner to close the boundary. Undo corner takes the last one back.',
    shaping: 'Drag a corner to move it; drag the middle of an edge to add one.',
  },
} as const;

/** What to do next, with Finish Editing and Cancel while a boundary is drawn or shaped. */
export function EditingBar({ onFinish }: { onFinish(): void }) {
  const store = useMapStoreApi();
  const { phase, manageStatus } = useMapStore(
    useShallow((s) => ({ phase: s.drawing.phase, manageStatus: s.manageStatus })),
  );
  if (phase === 'details' || manageStatus === 'none') return null;
  const drawingOrShaping = phase === 'drawing' || phase === 'shaping';
  return (
    <div className={styles.editingBar} role="region" aria-label="Editing">
      <p className={styles.hint} aria-live="polite">
        {
          hints[touchFirst() ? 'touch' : 'mouse'][
            phase === 'drawing' ? 'drawing' : phase === 'shaping' ? 'shaping' : 'idle'
          ]
        }
      </p>
      {drawingOrShaping && (
        <div className={styles.editingActions}>
          {phase === 'drawing' && (
            <Button variant="secondary" onClick={() => undoCornerSignal(store).dispatchEvent(new Event('undo'))}>
              Undo corner
            </Button>
          )}
          <Button variant="secondary" onClick={() => store.getState().cancelDrawing()}>
            Cancel
          </Button>
          <Button onClick={onFinish}>Finish Editing</Button>
        </div>
      )}
    </div>
  );
}
