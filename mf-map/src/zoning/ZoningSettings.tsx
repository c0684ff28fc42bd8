import { useId, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import {
  layerAlgorithms,
  ZONE_COUNTS,
  ZONING_RESOLUTION_METRES,
  zoningLayers,
  type ImageryAlgorithm,
  type ZoningLayer,
} from '@paddock/shared/contracts';
import { controlStyles } from '@paddock/shared/ui/form';
import { useMapStore, useMapStoreApi } from '../store';
import { useCatalog } from '../imagery/useCatalog';
import { algorithmLabels, layerLabels } from '../imagery/lib/labels';
import { entryDay, entryLabel } from '../imagery/lib/timeline';

/** Zoning draws from every calculation of its layers except Regional NDVI (the API's `zoningAlgorithmCodes`). */
export const zoningAlgorithms = (layer: ZoningLayer): ImageryAlgorithm[] =>
  layerAlgorithms[layer].filter((algorithm) => algorithm !== 'NDVI-R');

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className={controlStyles.field}>
      <label htmlFor={id} className={controlStyles.label}>
        {label}
      </label>
      <select id={id} className={controlStyles.select} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}

/** Spec 2 §5 Map Settings: layer, calculation (or depth), date, number of zones and resolution. */
export function ZoningSettings() {
  const store = useMapStoreApi();
  const s = useMapStore(
    useShallow((state) => ({
      layer: state.selectedLayer,
      algorithm: state.selectedAlgorithm,
      date: state.selectedDate,
      catalog: state.catalog,
      fieldIds: state.selectedFields,
      zones: state.zoneCount,
      resolution: state.zoningResolution,
    })),
  );
  const layer: ZoningLayer = s.layer === 'sensor_em' ? 'sensor_em' : 'standard';
  const paging = useCatalog(layer, s.fieldIds.length ? s.fieldIds : null);
  const dates = s.catalog ?? [];

  return (
    <div className={controlStyles.compact}>
      <Select label="Layer" value={layer} onChange={(value) => store.getState().setZoningLayer(value as ZoningLayer)}>
        {zoningLayers.map((option) => (
          <option key={option} value={option}>
            {layerLabels[option]}
          </option>
        ))}
      </Select>
      <Select
        label={layer === 'sensor_em' ? 'Depth' : 'Calculation'}
        value={s.algorithm ?? ''}
        onChange={(value) => store.getState().setZoningAlgorithm(value as ImageryAlgorithm)}
      >
        {zoningAlgorithms(layer).map((option) => (
          <option key={option} value={option}>
            {algorithmLabels[option]}
          </option>
        ))}
      </Select>
      <Select label="Date" value={s.date ?? ''} onChange={(value) => store.getState().setSelectedDate(value || null)}>
        <option value="">
          {paging.status.kind === 'loading'
            ? 'Loading dates…'
            : paging.status.kind === 'ready' && dates.length === 0
              ? 'No dates available'
              : 'Select a date'}
        </option>
        {dates.map((entry) => (
          <option key={entryDay(entry)} value={entryDay(entry)}>
            {entryLabel(entry)}
          </option>
        ))}
      </Select>
      <Select
        label="Number of zones"
        value={s.zones === null ? '' : String(s.zones)}
        onChange={(value) => store.getState().setZoneCount(value ? Number(value) : null)}
      >
        <option value="">Select</option>
        {ZONE_COUNTS.map((count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </Select>
      <Select
        label="Resolution"
        value={s.resolution === null ? '' : String(s.resolution)}
        onChange={(value) => store.getState().setZoningResolution(value ? Number(value) : null)}
      >
        <option value="">Select</option>
        {Object.entries(ZONING_RESOLUTION_METRES).map(([level, metres]) => (
          <option key={level} value={level}>
            {metres} m
          </option>
        ))}
      </Select>
    </div>
  );
}
