import { failureMessage } from '@paddock/shared/api-client';
import type { FieldFeature } from '@paddock/shared/contracts';
import { useAction, useQueryClient, type ActionEvent } from '@paddock/shared/query';
import type { FieldDraft } from '../api/mapApi';
import { useMapArea } from '../context';
import { messages } from '../messages';
import { farmOf, fieldRemoved, fieldsOf, fieldsSaved } from '../map-core/farmData';
import type { MapStore } from '../store';
import { checkDetails } from './fieldDetails';
import { geometryProblem } from './fieldGeometry';

const sameGeometry = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only what the user changed, so the server keeps the rest (and the right message is shown). */
function changesOf(field: FieldFeature, draft: FieldDraft): Partial<FieldDraft> {
  return {
    ...(draft.name !== field.properties.field_name ? { name: draft.name } : {}),
    ...(draft.cropType !== field.properties.field_crop_type ? { cropType: draft.cropType } : {}),
    ...(sameGeometry(draft.geometry, field.geometry) ? {} : { geometry: draft.geometry }),
  };
}

/** A save: a new field on the farm, or the changes to one. */
interface Save {
  farmId: string;
  original: FieldFeature | null;
  draft: FieldDraft;
}

/** The spec's success message of a save (spec 1 §8); none when nothing changed. */
function savedMessage({ original, draft }: Save): string | null {
  if (!original) return messages.fieldCreated;
  const changes = Object.keys(changesOf(original, draft));
  if (changes.length === 0) return null;
  return changes.length === 1 && changes[0] === 'cropType' ? messages.cropTypeUpdated : messages.fieldUpdated;
}

/**
 * Saving and deleting fields with the spec's messages (spec 1 §8), the farm's fields in the query
 * cache updated from the server's answer, and the farm-changed event after each change.
 */
export function useFieldActions(store: MapStore) {
  const { api, bus } = useMapArea();
  const client = useQueryClient();
  const changed = (farmId: string): ActionEvent[] => [['paddock:farm-changed', { farmId, change: 'updated' }]];

  const save = useAction({
    run: async ({ farmId, original, draft }: Save): Promise<FieldFeature> => {
      if (!original) return api.createField(farmId, draft);
      const changes = changesOf(original, draft);
      return Object.keys(changes).length === 0 ? original : api.updateField(original.id, changes);
    },
    success: (_saved, input) => savedMessage(input),
    failure: (error, { original }) =>
      failureMessage(original ? messages.fieldUpdateFailed : messages.fieldCreateFailed, error),
    events: (_saved, { farmId }) => changed(farmId),
    onSuccess: (saved, { farmId }) => store.getState().fieldSaved(fieldsSaved(client, farmId, [saved])),
  });

  const remove = useAction({
    run: ({ fieldId }: { fieldId: string; farmId: string }) => api.deleteField(fieldId),
    success: messages.fieldDeleted,
    failure: (error) => failureMessage(messages.fieldDeleteFailed, error),
    events: (_none, { farmId }) => changed(farmId),
    onSuccess: (_none, { fieldId, farmId }) => {
      fieldRemoved(client, farmId, fieldId);
      store.getState().fieldRemoved(fieldId);
    },
  });

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

  /**
   * Save Field, and 'Save changes and continue' when switching fields. On a problem the user sees
   * why and stays on the field (the Field Details panel opens if it was not open).
   */
  const saveField = async (): Promise<boolean> => {
    const state = store.getState();
    const { drawing, currentField } = state;
    const farm = farmOf(client, state.farmId);
    const details = checkDetails(drawing.name, drawing.cropType);
    if (!boundaryIsSavable() || !drawing.geometry || !farm) return false;
    if (!details.canSave) {
      bus.toast('error', details.nameError ?? details.cropTypeError ?? messages.noFieldToSave);
      state.cancelSwitch();
      state.finishEditing();
      return false;
    }
    const fields = fieldsOf(client, farm.id);
    const original = currentField ? (fields.find((f) => f.id === currentField) ?? null) : null;
    const draft = { name: drawing.name.trim(), cropType: drawing.cropType ?? '', geometry: drawing.geometry };
    const saved = await save.trigger({ farmId: farm.id, original, draft });
    if (!saved) store.getState().cancelSwitch();
    return saved;
  };

  /** Deletes after the user confirmed; rejects (after telling the user) so the dialog stays for a retry. */
  const deleteField = async (fieldId: string): Promise<void> => {
    const farmId = store.getState().farmId ?? '';
    await remove.run({ fieldId, farmId });
  };

  return { busy: save.busy, finishEditing, saveField, deleteField };
}
