import { useState } from 'react';
import type { FieldFeature } from '@paddock/shared/contracts';
import { failureMessage } from '@paddock/shared/api-client';
import { type FieldDraft } from '../api/mapApi';
import { useMapArea } from '../context';
import { checkDetails } from './fieldDetails';
import { geometryProblem } from './fieldGeometry';
import { messages } from '../messages';
import type { MapStore } from '../store';

const sameGeometry = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only what the user changed, so the server keeps the rest (and the right message is shown). */
function changesOf(field: FieldFeature, draft: FieldDraft): Partial<FieldDraft> {
  return {
    ...(draft.name !== field.properties.field_name ? { name: draft.name } : {}),
    ...(draft.cropType !== field.properties.field_crop_type ? { cropType: draft.cropType } : {}),
    ...(sameGeometry(draft.geometry, field.geometry) ? {} : { geometry: draft.geometry }),
  };
}

/** Saving and deleting fields with the spec's messages (spec 1 §8), and the farm-changed event after each change. */
export function useFieldActions(store: MapStore) {
  const { api, bus } = useMapArea();
  const [busy, setBusy] = useState(false);

  const announce = () => {
    const farmId = store.getState().farm?.id;
    if (farmId) bus.emit('paddock:farm-changed', { farmId, change: 'updated' });
  };

  /** The boundary is fit to save: something is drawn, it encloses an area and does not cross itself. */
  const boundaryIsSavable = (): boolean => {
    const { geometry } = store.getState().drawing;
    const problem = geometry ? geometryProblem(geometry) : messages.noFieldToSave;
    if (problem) bus.toast('error', problem);
    return problem === null;
  };

  /** Finish Editing: on to the Field Details panel, once the boundary can be saved. */
  const finishEditing = () => {
    if (boundaryIsSavable()) store.getState().finishEditing();
  };

  const send = async (draft: FieldDraft): Promise<FieldFeature | null> => {
    const { currentField, fields, farm } = store.getState();
    const original = currentField ? fields.find((f) => f.id === currentField) : undefined;
    if (!original) {
      if (!farm) return null;
      const created = await api.createField(farm.id, draft);
      bus.toast('success', messages.fieldCreated);
      return created;
    }
    const changes = changesOf(original, draft);
    if (Object.keys(changes).length === 0) return original;
    const updated = await api.updateField(original.id, changes);
    const onlyCropType = Object.keys(changes).length === 1 && changes.cropType !== undefined;
    bus.toast('success', onlyCropType ? messages.cropTypeUpdated : messages.fieldUpdated);
    return updated;
  };

  /**
   * Save Field, and 'Save changes and continue' when switching fields. On a problem the user sees
   * why and stays on the field (the Field Details panel opens if it was not open).
   */
  const saveField = async (): Promise<boolean> => {
    const state = store.getState();
    const { drawing } = state;
    const details = checkDetails(drawing.name, drawing.cropType);
    if (!boundaryIsSavable() || !drawing.geometry) return false;
    if (!details.canSave) {
      bus.toast('error', details.nameError ?? details.cropTypeError ?? messages.noFieldToSave);
      state.cancelSwitch();
      state.finishEditing();
      return false;
    }
    setBusy(true);
    const isNew = state.currentField === null;
    try {
      const saved = await send({
        name: drawing.name.trim(),
        cropType: drawing.cropType ?? '',
        geometry: drawing.geometry,
      });
      if (!saved) return false;
      store.getState().fieldSaved(saved);
      announce();
      return true;
    } catch (error) {
      bus.toast('error', failureMessage(isNew ? messages.fieldCreateFailed : messages.fieldUpdateFailed, error));
      store.getState().cancelSwitch();
      return false;
    } finally {
      setBusy(false);
    }
  };

  /** Deletes after the user confirmed; throws (after telling the user) so the dialog stays for a retry. */
  const deleteField = async (fieldId: string): Promise<void> => {
    try {
      await api.deleteField(fieldId);
    } catch (error) {
      bus.toast('error', failureMessage(messages.fieldDeleteFailed, error));
      throw error;
    }
    store.getState().fieldRemoved(fieldId);
    bus.toast('success', messages.fieldDeleted);
    announce();
  };

  return { busy, finishEditing, saveField, deleteField };
}
