import { lazy, Suspense, useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { FieldFeature, ImageryLayer } from '@paddock/shared/contracts';
import type { TimeseriesAlgorithm } from '../api/imageryApi';
import { Spinner } from '@paddock/shared/ui';
import { useMapArea } from '../context';
import { useOlMap } from '../map-core/olMapContext';
import { colorStretchOf, useMapStore, useMapStoreApi } from '../store';
import { CropTypePrompt } from './components/CropTypePrompt';
import { DateTimeline } from './components/DateTimeline';
import { ExportMapDialog, type ExportSubject } from './components/ExportMapDialog';
import { ImageryPanel } from './components/ImageryPanel';
import { Legend } from './components/Legend';
import { imageryFieldsOf } from '../map-core/imagery/imageryFields';
import { entryDay, entryLabel, firstLookEntry } from '../map-core/imagery/timeline';
import { TimeSeriesCard } from './timeseries/TimeSeriesCard';
import { useCatalog } from '../map-core/imagery/useCatalog';
import { useDateChoice } from './useDateChoice';
import { useRasterLoading } from './useRasterLoading';
import { useStatistics } from './useStatistics';
import styles from './imagery.module.css';
import { useFarm, useFarmFields } from '../map-core/farmData';

// OpenLayers arrives with the map's own lazy chunk; the tile layer waits for it too.
export interface ImageryOverlayProps {
  /** Shown instead of the imagery in zoning mode. */
  zoningPanel?: ReactNode;
  /** The settings panel's list of zoning orders, when the Zoning layer is chosen. */
  zoningOrders?: ReactNode;
  /** Shown under the selected field's season chart (the farm page composes the season's weather here). */
  seriesExtra?: (field: FieldFeature, algorithm: TimeseriesAlgorithm) => ReactNode;
}

const ImageryTiles = lazy(() => import('../map-core/imagery/ImageryTiles'));

/**
 * Imagery on the farm map (spec 2 §2–§4): map settings and actions, the date timeline, tiles,
 * legend and loading state, the season chart, the crop-type prompt and the PDF export. Zoning mode
 * shows its own panel instead: the page passes it in (features do not import each other).
 */
export function ImageryOverlay({ zoningPanel, zoningOrders, seriesExtra }: ImageryOverlayProps) {
  const { imagery } = useMapArea();
  const store = useMapStoreApi();
  const handle = useOlMap();
  const farm = useFarm();
  const fields = useFarmFields();
  const s = useMapStore(
    useShallow((state) => ({
      mode: state.mode,
      selectedFields: state.selectedFields,
      multiSelect: state.access.multiSelect,
      layer: state.selectedLayer,
      algorithm: state.selectedAlgorithm,
      date: state.selectedDate,
      rasterLoading: state.rasterLoading,
      exportMode: state.exportMode,
      colorScale: state.colorScale,
    })),
  );
  const viewing = s.mode === 'view';
  const imageryLayer: ImageryLayer | null = viewing && s.layer !== 'zoning' ? s.layer : null;
  const target = useMemo(
    () => imageryFieldsOf(fields, s.selectedFields, s.multiSelect),
    [fields, s.selectedFields, s.multiSelect],
  );
  const fieldIds = target.kind === 'fields' ? target.ids : null;
  const stretch = colorStretchOf(s.colorScale);
  const paging = useCatalog(imageryLayer, fieldIds);
  const statistics = useStatistics(imageryLayer, s.algorithm, s.date, fieldIds, stretch);
  const dates = useDateChoice(paging.entries);

  // The first look: with dates on offer and none chosen, the latest clear capture opens at once.
  const { open } = dates;
  useEffect(() => {
    if (!imageryLayer || !paging.entries || s.date) return;
    const entry = firstLookEntry(paging.entries);
    if (entry) open(entryDay(entry));
  }, [imageryLayer, paging.entries, s.date, open]);

  const template = useMemo(
    () =>
      imageryLayer && s.algorithm && s.date && fieldIds
        ? imagery.tileTemplate({ fieldIds, layer: imageryLayer, algorithm: s.algorithm, date: s.date, stretch })
        : null,
    [imagery, imageryLayer, s.algorithm, s.date, fieldIds, stretch],
  );
  useRasterLoading(template);
  const tilesSettled = useCallback(() => store.getState().setRasterLoading(false), [store]);

  const selectedEntry = paging.entries?.find((entry) => entryDay(entry) === s.date);
  const singleField = fieldIds?.length === 1 ? fields.find((field) => field.id === fieldIds[0]) : undefined;
  const exportSubject: ExportSubject | null =
    farm && imageryLayer && s.algorithm && s.date && fieldIds
      ? {
          farmName: farm.properties.farm_name,
          layer: imageryLayer,
          algorithm: s.algorithm,
          day: s.date,
          dateLabel: selectedEntry ? entryLabel(selectedEntry) : s.date,
          fieldIds,
          stretch,
          seasonField: singleField ? { id: singleField.id, name: singleField.properties.field_name } : null,
        }
      : null;
  const seriesField =
    imageryLayer === 'standard' && s.selectedFields.length === 1
      ? fields.find((field) => field.id === s.selectedFields[0])
      : undefined;

  if (s.mode === 'zoning') return zoningPanel ?? null;
  if (!viewing) return null;
  return (
    <>
      <ImageryPanel onExport={() => store.getState().setExportMode(true)} zoningOrders={zoningOrders} />
      {imageryLayer && (
        <DateTimeline
          target={target}
          paging={paging}
          surveys={imageryLayer === 'sensor_em'}
          onChoose={(entry) => dates.choose(entryDay(entry))}
        />
      )}
      <div className={styles.legendArea} data-tour="legend">
        {s.algorithm && (
          <Legend
            algorithm={s.algorithm}
            state={statistics}
            scale={s.colorScale}
            onScaleChange={(scale) => store.getState().setColorScale(scale)}
          />
        )}
        {seriesField && (
          <TimeSeriesCard
            field={seriesField}
            algorithm={s.algorithm}
            selectedDate={s.date}
            onPick={dates.choose}
            extra={seriesExtra ? (algorithm) => seriesExtra(seriesField, algorithm) : undefined}
          />
        )}
      </div>
      {s.rasterLoading && (
        <div className={styles.rasterLoading} role="status">
          <Spinner label="Loading imagery" />
          <span>Loading imagery…</span>
        </div>
      )}
      {handle && template && (
        <Suspense fallback={null}>
          <ImageryTiles handle={handle} template={template} fetchTile={imagery.fetchTile} onSettled={tilesSettled} />
        </Suspense>
      )}
      <CropTypePrompt field={dates.fieldNeedingCropType} onSaved={dates.cropTypeSaved} onCancel={dates.cancel} />
      <ExportMapDialog
        isOpen={s.exportMode}
        subject={exportSubject}
        statistics={statistics}
        onClose={() => store.getState().setExportMode(false)}
      />
    </>
  );
}
