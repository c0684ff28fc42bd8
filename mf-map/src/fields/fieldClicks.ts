import type { MapStore } from '../store';

/** A click on a field: selects it in view mode, opens it for editing in manage mode; ignored while drawing or measuring. */
export function fieldClickHandler(store: MapStore) {
  return (fieldId: string) => {
    const state = store.getState();
    if (state.measureMode || state.drawing.phase === 'drawing') return;
    if (state.mode === 'manage') state.editField(fieldId);
    else state.toggleField(fieldId);
  };
}
