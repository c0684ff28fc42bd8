import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ConfirmDialog } from '@paddock/shared/ui/modal';
import { messages } from '../messages';
import { useMapStore, useMapStoreApi } from '../store';
import { FieldDetailsPanel } from './FieldDetailsPanel';
import { BoundariesToolbar, EditingBar } from './ManageTools';
import type { useFieldActions } from './useFieldActions';

interface ManageOverlayProps {
  actions: ReturnType<typeof useFieldActions>;
  /** The Boundaries toolbar's delete. */
  onDelete(): void;
  /** What the farm page adds under a field's details (its scouting notes). */
  fieldExtra?: (fieldId: string) => ReactNode;
}

/**
 * Manage mode over the map (spec 1 §4.4): the Boundaries toolbar, the editing hints, the Field
 * Details panel, and the question before switching to another field with unsaved changes.
 */
export function ManageOverlay({ actions, onDelete, fieldExtra }: ManageOverlayProps) {
  const store = useMapStoreApi();
  const { mode, phase, pendingSwitch } = useMapStore(
    useShallow((s) => ({ mode: s.mode, phase: s.drawing.phase, pendingSwitch: s.drawing.pendingSwitch })),
  );
  if (mode !== 'manage') return null;
  return (
    <>
      <BoundariesToolbar onDelete={onDelete} />
      <EditingBar onFinish={actions.finishEditing} />
      {phase === 'details' && (
        <FieldDetailsPanel busy={actions.busy} onSave={() => void actions.saveField()} extra={fieldExtra} />
      )}
      <ConfirmDialog
        title={messages.switchFieldTitle}
        message={messages.switchFieldText}
        confirmLabel={messages.switchFieldSave}
        cancelLabel="Cancel"
        tone="primary"
        isOpen={pendingSwitch !== null}
        onCancel={() => store.getState().cancelSwitch()}
        onConfirm={async () => {
          await actions.saveField();
        }}
      />
    </>
  );
}
