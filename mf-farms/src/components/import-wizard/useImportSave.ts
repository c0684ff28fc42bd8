import { useState } from 'react';
import { errorMessage } from '@paddock/shared/api-client';
import { useAction } from '@paddock/shared/query';
import { useFarms } from '../../context';
import { messages, uploadMessages } from '../../lib/messages';
import { batchFields, type NewField } from './importFields';

/** Where the fields go: a farm to create with this name, or one that exists. */
export type ImportTarget =
  { mode: 'create'; farmName: string } | { mode: 'add-fields'; farm: { farm_id: string; farm_name: string } };

export interface SavedImport {
  farmId: string;
  fieldsAdded: number;
}

type SaveState =
  | { status: 'idle' }
  | { status: 'saving'; saved: number; total: number }
  | { status: 'failed'; message: string }
  | { status: 'deleting' };

/**
 * Save on the Match Fields step: creates the farm (create mode), then adds the fields in batches the
 * API accepts. A failure part-way keeps what was saved, so 'Save' again sends only the rest, and a
 * farm created without its fields can be deleted from here.
 */
export function useImportSave(target: ImportTarget) {
  const { api, bus, config } = useFarms();
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  /** Create mode: the farm once created, so a second try does not create another. */
  const [createdFarmId, setCreatedFarmId] = useState<string | null>(null);
  /** Fields of the current file already on the farm. */
  const [savedCount, setSavedCount] = useState(0);

  const ensureFarm = async (): Promise<string> => {
    if (target.mode === 'add-fields') return target.farm.farm_id;
    if (createdFarmId) return createdFarmId;
    const farm = await api.createFarm(target.farmName);
    const id = farm.properties.farm_id;
    setCreatedFarmId(id);
    bus.emit('paddock:farm-changed', { farmId: id, change: 'created' });
    return id;
  };

  const saveAll = async (fields: readonly NewField[]): Promise<SavedImport> => {
    let saved = savedCount;
    setState({ status: 'saving', saved, total: fields.length });
    const id = await ensureFarm();
    for (const batch of batchFields(fields.slice(saved))) {
      saved += await api.addFields(id, { type: 'FeatureCollection', features: batch });
      setSavedCount(saved);
      setState({ status: 'saving', saved, total: fields.length });
    }
    return { farmId: id, fieldsAdded: saved };
  };

  const saveAction = useAction({
    run: saveAll,
    failure: (error) => {
      setState({ status: 'failed', message: errorMessage(error) });
      return uploadMessages.uploadFailed(config.supportEmail);
    },
    events: ({ farmId }) => [['paddock:farm-changed', { farmId, change: 'updated' }]],
    // The farms page reloads its list when the wizard closes (whatever happened in it).
    onSuccess: () => setState({ status: 'idle' }),
  });

  const save = async (fields: readonly NewField[]): Promise<SavedImport | null> =>
    saveAction.run(fields).catch(() => null);

  /** Create mode, after a failure: removes the farm that was created but did not get its fields. */
  const deleteAction = useAction({
    run: (farmId: string) => api.deleteFarm(farmId),
    success: messages.farmDeleted,
    // Shown beside the Delete button rather than toasted.
    failure: false,
    events: (_none, farmId) => [['paddock:farm-changed', { farmId, change: 'deleted' }]],
    onSuccess: () => {
      setCreatedFarmId(null);
      setSavedCount(0);
      setState({ status: 'idle' });
    },
  });

  const deleteCreatedFarm = async () => {
    if (!createdFarmId) return;
    setState({ status: 'deleting' });
    await deleteAction.run(createdFarmId).catch((error: unknown) => {
      setState({ status: 'failed', message: errorMessage(error) });
    });
  };

  return {
    saving: state.status === 'saving',
    deleting: state.status === 'deleting',
    progress: state.status === 'saving' ? { saved: state.saved, total: state.total } : null,
    error: state.status === 'failed' ? state.message : null,
    /** Create mode: the farm exists although its fields are not all saved. */
    farmLeftBehind: createdFarmId !== null && state.status === 'failed',
    savedCount,
    save,
    deleteCreatedFarm: () => void deleteCreatedFarm(),
    /** A new file starts from its first field (the farm, once created, stays the target). */
    restart: () => {
      setSavedCount(0);
      setState({ status: 'idle' });
    },
  };
}

export type ImportSave = ReturnType<typeof useImportSave>;
