import { useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import {
  isWindowEntry,
  layerAlgorithms,
  ZONE_COUNTS,
  ZONING_MAX_CLOUD_PERCENT,
  ZONING_RESOLUTION_METRES,
  zoningLayers,
  zoningSources,
  type CatalogEntry,
  type ImageryAlgorithm,
  type ZoningLayer,
  type ZoningSource,
} from '@paddock/shared/contracts';
import { controlStyles, PlainSelect, Options } from '@paddock/shared/ui/form';
import { useMapStore, useMapStoreApi } from '../store';
import { useCatalog } from '../map-core/imagery/useCatalog';
import { algorithmLabels, layerLabels } from '../map-core/imagery/labels';
import { cloudWording, entryCloud, entryDay, entryLabel, visibleEntries } from '../map-core/imagery/timeline';
import { readMaxCloud } from '../map-core/imagery/maxCloud';
import { isAlgorithmLocked } from '../map-core/imagery/access';
import { GetAdvancedLink } from '../controls/GetAdvancedLink';
import { useMapArea } from '../context';
import type { EmWeights } from '../store/zoningSlice';
import { defaultSeasons, seasonChoices } from './seasons';
import styles from './zoning.module.css';

/** Zoning draws from every calculation of its layers except Regional NDVI (the API's `zoningAlgorithmCodes`). */
export const zoningAlgorithms = (layer: ZoningLayer): ImageryAlgorithm[] =>
  layerAlgorithms[layer].filter((algorithm) => algorithm !== 'NDVI-R');

/** The zoning sources (issue 26) in the user's words. */
export const sourceLabels: Record<ZoningSource, string> = {
  date: 'Single capture',
  seasons: 'Seasons',
  em_imagery: 'EM + imagery',
};

/** 'Clear · 3 %', with 'too cloudy to zone' above the API's limit (more than half the fields masked). */
export function zoningDateLabel(entry: CatalogEntry): string {
  if (isWindowEntry(entry)) return entryLabel(entry);
  const cloud = entryCloud(entry);
  const words = `${entryLabel(entry)} · ${cloudWording(cloud)} · ${Math.round(cloud)} %`;
  return cloud > ZONING_MAX_CLOUD_PERCENT ? `${words} · too cloudy to zone` : words;
}

function SourceChoice({ value, onChange }: { value: ZoningSource; onChange(source: ZoningSource): void }) {
  return (
    <fieldset className={styles.choice}>
      <legend className={controlStyles.label}>Zones made from</legend>
      {zoningSources.map((option) => (
        <label key={option} className={styles.choiceOption}>
          <input
            type="radio"
            name="zoning-source"
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
          />
          {sourceLabels[option]}
        </label>
      ))}
    </fieldset>
  );
}

/** Productivity zones: the seasons to average (unticking one leaves a drought year out). */
function SeasonPicker({ chosen, onChange }: { chosen: readonly number[]; onChange(seasons: number[]): void }) {
  const toggle = (year: number) =>
    onChange(chosen.includes(year) ? chosen.filter((other) => other !== year) : [...chosen, year]);
  return (
    <fieldset className={styles.choice}>
      <legend className={controlStyles.label}>Seasons</legend>
      <div className={styles.seasons}>
        {seasonChoices().map((year) => (
          <label key={year} className={styles.choiceOption}>
            <input type="checkbox" checked={chosen.includes(year)} onChange={() => toggle(year)} />
            {year}
          </label>
        ))}
      </div>
      <p className={styles.hint}>
        {chosen.length === 0
          ? 'Choose at least one season.'
          : 'Every clear capture of each season counts. Untick a season to leave it out (a drought year).'}
      </p>
    </fieldset>
  );
}

const WEIGHT_LABELS: Record<keyof EmWeights, string> = {
  shallow: 'EM shallow weight',
  deep: 'EM deep weight',
  index: 'Imagery weight',
};

function WeightInputs({ weights, onChange }: { weights: EmWeights; onChange(weights: EmWeights): void }) {
  const id = useId();
  return (
    <fieldset className={styles.choice}>
      <legend className={controlStyles.label}>Layer weights</legend>
      <div className={styles.weights}>
        {(Object.keys(WEIGHT_LABELS) as (keyof EmWeights)[]).map((key) => (
          <div key={key} className={controlStyles.field}>
            <label htmlFor={`${id}-${key}`} className={controlStyles.label}>
              {WEIGHT_LABELS[key]}
            </label>
            <input
              id={`${id}-${key}`}
              className={controlStyles.input}
              type="number"
              inputMode="decimal"
              min={0}
              max={10}
              step={0.5}
              value={weights[key]}
              onChange={(event) => {
                const value = Number(event.target.value);
                if (Number.isFinite(value) && value >= 0 && value <= 10) onChange({ ...weights, [key]: value });
              }}
            />
          </div>
        ))}
      </div>
      <p className={styles.hint}>
        Each layer is standardised within the field, then weighted. Needs a Rapid-EM survey of the fields.
      </p>
    </fieldset>
  );
}

/** Spec 2 §5 Map Settings: source, layer, calculation (or depth), date or seasons, number of zones and resolution. */
export function ZoningSettings() {
  const store = useMapStoreApi();
  const { profile } = useMapArea();
  const s = useMapStore(
    useShallow((state) => ({
      layer: state.selectedLayer,
      algorithm: state.selectedAlgorithm,
      date: state.selectedDate,
      fieldIds: state.selectedFields,
      zones: state.zoneCount,
      resolution: state.zoningResolution,
      source: state.zoningSource,
      seasons: state.zoningSeasons,
      weights: state.emWeights,
    })),
  );
  const layer: ZoningLayer = s.layer === 'sensor_em' && s.source === 'date' ? 'sensor_em' : 'standard';
  const paging = useCatalog(layer, s.fieldIds.length && s.source !== 'seasons' ? s.fieldIds : null);
  // The timeline's cloud limit hides the same dates here.
  const [maxCloud] = useState(readMaxCloud);
  const all = paging.entries ?? [];
  const dates = layer === 'sensor_em' ? all : visibleEntries(all, maxCloud);
  const hidden = all.length - dates.length;
  const options = zoningAlgorithms(layer);
  const locked = options.filter((option) => isAlgorithmLocked(profile, option));

  return (
    <div className={controlStyles.compact}>
      <SourceChoice value={s.source} onChange={(source) => store.getState().setZoningSource(source)} />
      {s.source === 'date' && (
        <PlainSelect
          label="Layer"
          value={layer}
          onChange={(value) => store.getState().setZoningLayer(value as ZoningLayer)}
        >
          <Options values={zoningLayers} label={(option) => layerLabels[option]} />
        </PlainSelect>
      )}
      <PlainSelect
        label={layer === 'sensor_em' ? 'Depth' : 'Calculation'}
        value={s.algorithm ?? ''}
        onChange={(value) => store.getState().setZoningAlgorithm(value as ImageryAlgorithm)}
      >
        {options.map((option) => (
          <option key={option} value={option} disabled={locked.includes(option)}>
            {locked.includes(option) ? `${algorithmLabels[option]} (Advanced)` : algorithmLabels[option]}
          </option>
        ))}
      </PlainSelect>
      {locked.length > 0 && (
        <p className={styles.hint}>
          {locked.map((option) => algorithmLabels[option]).join(', ')} {locked.length === 1 ? 'comes' : 'come'} with
          Advanced. <GetAdvancedLink />
        </p>
      )}
      {s.source === 'seasons' ? (
        <SeasonPicker
          chosen={s.seasons ?? defaultSeasons()}
          onChange={(seasons) => store.getState().setZoningSeasons(seasons)}
        />
      ) : (
        <>
          <PlainSelect
            label={s.source === 'em_imagery' ? 'Imagery date' : 'Date'}
            value={s.date ?? ''}
            onChange={(value) => store.getState().setSelectedDate(value || null)}
          >
            <option value="">
              {paging.status.kind === 'loading'
                ? 'Loading dates…'
                : paging.status.kind === 'ready' && dates.length === 0
                  ? 'No dates available'
                  : 'Select a date'}
            </option>
            {dates.map((entry) => (
              <option
                key={entryDay(entry)}
                value={entryDay(entry)}
                disabled={!isWindowEntry(entry) && entryCloud(entry) > ZONING_MAX_CLOUD_PERCENT}
              >
                {zoningDateLabel(entry)}
              </option>
            ))}
          </PlainSelect>
          {hidden > 0 && (
            <p className={styles.hint}>
              {hidden} {hidden === 1 ? 'date' : 'dates'} above {maxCloud} % cloud hidden (as on the timeline).
            </p>
          )}
        </>
      )}
      {s.source === 'em_imagery' && (
        <WeightInputs weights={s.weights} onChange={(weights) => store.getState().setEmWeights(weights)} />
      )}
      <PlainSelect
        label="Number of zones"
        value={s.zones === null ? '' : String(s.zones)}
        onChange={(value) => store.getState().setZoneCount(value ? Number(value) : null)}
      >
        <option value="">Select</option>
        <Options values={ZONE_COUNTS} />
      </PlainSelect>
      <PlainSelect
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
      </PlainSelect>
    </div>
  );
}
