import type { FieldFeature } from '@paddock/shared/contracts';
import type { MapStore } from '../store';

/**
 * A click on a field: selects it in view mode, opens it for editing in manage mode; ignored while
 * drawing or measuring. `fields` reads the farm's fields at the click.
 */
export function fieldClickHandler(store: MapStore, fields: () => readonly FieldFeature[]) {
  return (fieldId: string) => {
    const state = store.getState();
    if (state.measureMode || state.drawing.phase === 'drawing') return;
    if (state.mode === 'manage') state.editField(fieldId, fields());
    else state.toggleField(fieldId, fields());
  };
}
