import { useCallback, useState } from 'react';
import type { CatalogEntry, FieldFeature, ImageryAlgorithm } from '@paddock/shared/contracts';
import { useMapArea } from '../context';
import { useMapStoreApi, type MapState } from '../store';
import { isAlgorithmLocked } from '../map-core/imagery/access';
import { calculationForDate, entryDay } from '../map-core/imagery/timeline';
import { useFieldsReader } from '../map-core/farmData';

interface Choice {
  day: string;
  algorithm: ImageryAlgorithm | null;
}

/**
 * Spec 2 §4: exactly one standard-layer field selected, and it has no crop type yet. Only users who
 * may edit the field are asked (a viewer could not save the answer).
 */
function fieldNeedingCropType(state: MapState, fields: readonly FieldFeature[]): FieldFeature | null {
  if (!state.access.edit || state.selectedLayer !== 'standard' || state.selectedFields.length !== 1) return null;
  const field = fields.find((candidate) => candidate.id === state.selectedFields[0]);
  return field && !field.properties.field_crop_type ? field : null;
}

/**
 * Choosing a date (from the timeline or the time-series chart): picks the calculation the date
 * opens with, and first asks for the crop type when the one selected field has none. `catalog` is
 * the dates on offer (the catalog query's entries).
 */
export function useDateChoice(catalog: readonly CatalogEntry[] | null) {
  const { profile } = useMapArea();
  const store = useMapStoreApi();
  const readFields = useFieldsReader();
  const [pending, setPending] = useState<{ choice: Choice; field: FieldFeature } | null>(null);

  const apply = useCallback(
    ({ day, algorithm }: Choice) => {
      const state = store.getState();
      if (algorithm) state.setAlgorithm(algorithm);
      state.setSelectedDate(day);
    },
    [store],
  );

  /** The calculation a date opens with; a date outside the loaded catalog (an older time-series point) keeps the one shown. */
  const calculationOn = useCallback(
    (day: string) => {
      const state = store.getState();
      const entry = catalog?.find((candidate) => entryDay(candidate) === day);
      const layer = state.selectedLayer;
      return entry && layer !== 'zoning'
        ? calculationForDate(entry, layer, state.selectedAlgorithm, (a) => isAlgorithmLocked(profile, a))
        : null;
    },
    [store, profile, catalog],
  );

  const choose = useCallback(
    (day: string) => {
      const state = store.getState();
      const algorithm = calculationOn(day);
      const field = fieldNeedingCropType(state, readFields());
      if (field) setPending({ choice: { day, algorithm }, field });
      else apply({ day, algorithm });
    },
    [store, readFields, calculationOn, apply],
  );

  /**
   * Opens a date the farmer did not pick (the first look): the calculation it opens with, and no
   * crop-type question, which waits for a date the farmer chooses.
   */
  const open = useCallback(
    (day: string) => {
      apply({ day, algorithm: calculationOn(day) });
    },
    [calculationOn, apply],
  );

  const cropTypeSaved = useCallback(() => {
    if (pending) apply(pending.choice);
    setPending(null);
  }, [pending, apply]);

  const cancel = useCallback(() => setPending(null), []);

  return { choose, open, fieldNeedingCropType: pending?.field ?? null, cropTypeSaved, cancel };
}
