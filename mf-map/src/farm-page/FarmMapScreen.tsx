import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  paths,
  productPath,
  readFarmMapNavState,
  SCOUTING_NOTE_PARAM,
  type FarmFeature,
  type FieldFeature,
} from '@paddock/shared/contracts';
import { goTo, Spinner } from '@paddock/shared/ui';
import { useMapArea } from '../context';
import { MapControls } from '../controls/MapControls';
import { ZoningControls } from '../zoning/ZoningControls';
import { DeleteFieldDialog } from '../fields/DeleteFieldDialog';
import { FieldMenu } from '../fields/FieldMenu';
import { ManageOverlay } from '../fields/ManageOverlay';
import { SelectionNotices } from '../fields/SelectionNotices';
import { fieldClickHandler } from '../fields/fieldClicks';
import { useFieldActions } from '../fields/useFieldActions';
import { FarmImagery } from './FarmImagery';
import { FarmWeatherControl } from '../weather/FarmWeather';
import { CompareOverlay } from '../compare/CompareOverlay';
import { ZoneFromAddress } from '../zoning/ZoneFromAddress';
import { ScoutingButton, ScoutingPanel } from '../scouting/ScoutingPanel';
import { FieldNotes } from '../scouting/FieldNotes';
import { OlMapContext, type MapHandle } from '../map-core/olMapContext';
import { MeasureControls } from '../measure/MeasureControls';
import { keepMeasureModeInStorage } from '../measure/measureStorage';
import { messages } from '../messages';
import { createMapStore, MapStoreProvider, useMapStoreApi, type MapStore } from '../store';
import { MapTutorial } from '../tutorial/MapTutorial';
import { useTutorial } from '../tutorial/useTutorial';
import { RemoteMount } from './RemoteMount';
import { keepFarmPagePartsOffline, loadFarmPageParts } from './offlineParts';
import { TopRightOptions } from './TopRightOptions';
import { BasemapSwitch } from '../controls/BasemapSwitch';
import { DemoImageryNote } from '../controls/DemoImageryNote';
import { chooseBasemap } from '../map-core/basemapChoice';
import { useBasemap, useFindApi, useStartRegion } from '../map-core/useFind';
import { mapAccess } from './access';
import { loadImportWizard, type ImportWizardModule } from './farmsModules';
import { useFarmMapData, type LoadStatus } from '../map-core/useFarmMapData';
import { useFarm, useFarmFields, useFieldsReader } from '../map-core/farmData';
import styles from './FarmMapScreen.module.css';

// OpenLayers comes with this chunk only, fetched while the farm loads.
const FarmMap = lazy(() => import('./FarmMap'));

/**
 * Spec 1 §2.1 navigation state: start drawing, open a field to view or edit, or run the guided tour
 * (the dashboard's tutorial link). Acted on once, then cleared.
 */
function useArrival(store: MapStore, status: LoadStatus, handle: MapHandle | null, showTutorial: () => void) {
  const readFields = useFieldsReader();
  const location = useLocation();
  const navigate = useNavigate();
  const arrival = useMemo(() => readFarmMapNavState(location.state), [location.state]);

  useEffect(() => {
    if (!arrival || status.status !== 'success' || !handle) return;
    const state = store.getState();
    const fields = readFields();
    if (arrival.kind === 'tutorial') showTutorial();
    else if (arrival.kind === 'draw') state.startDrawing(fields.length);
    else {
      if (arrival.kind === 'edit') state.editField(arrival.fieldId, fields);
      else state.setSelection([arrival.fieldId], fields);
      handle.zoomToFields([arrival.fieldId]);
    }
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [arrival, status.status, handle, store, readFields, navigate, location.pathname, location.search, showTutorial]);
}

function FarmNotFound() {
  const { basename } = useMapArea();
  const back = (event: MouseEvent) => {
    event.preventDefault();
    goTo(basename, paths.farms);
  };
  return (
    <section className={styles.notFound}>
      <h1>{messages.farmNotFound}</h1>
      <p>This farm does not exist, or it has not been shared with you.</p>
      <a href={productPath(basename, paths.farms)} onClick={back}>
        Go to Farms &amp; Fields
      </a>
    </section>
  );
}

export interface LayoutProps {
  status: LoadStatus;
  onRetry(): void;
  onReload(): Promise<void>;
}

export function FarmMapLayout({ status, onRetry, onReload }: LayoutProps) {
  const props = useMapArea();
  const { bus } = props;
  const store = useMapStoreApi();
  const [handle, setHandle] = useState<MapHandle | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const location = useLocation();
  // A follow-up's link (`?note=…`) opens the farm with the Scouting panel on that note.
  const [scouting, setScouting] = useState(() => new URLSearchParams(location.search).has(SCOUTING_NOTE_PARAM));
  const tutorial = useTutorial();
  const actions = useFieldActions(store);
  const readFields = useFieldsReader();
  const onFieldClick = useMemo(() => fieldClickHandler(store, readFields), [store, readFields]);
  const farm = useFarm();
  const fields = useFarmFields();
  const fieldCount = fields.length;
  const find = useFindApi();
  const basemap = useBasemap(find, farm?.id ?? null);
  useStartRegion(handle, find, status.status === 'success' ? (farm?.id ?? null) : null, fieldCount, props.profile);

  useEffect(() => keepMeasureModeInStorage(store), [store]);
  useEffect(() => (status.status === 'success' ? keepFarmPagePartsOffline() : undefined), [status.status]);
  useArrival(store, status, handle, tutorial.show);

  const askDelete = (field: FieldFeature) => setDeleteTarget(field.id);
  /** The Boundaries toolbar's delete: the field being edited, else the selected one. */
  const deleteCurrent = () => {
    const { currentField, selectedFields } = store.getState();
    const field = fields.find((f) => f.id === (currentField ?? selectedFields[0]));
    if (field) askDelete(field);
    else bus.toast('error', messages.selectFieldToDelete);
  };
  const mountImport = (module: ImportWizardModule, element: HTMLElement) =>
    module.mountImportWizard(element, {
      props,
      farm: { farm_id: farm?.id ?? '', farm_name: farm?.properties.farm_name ?? '' },
      onClose: () => setImporting(false),
      onSaved: () => {
        void onReload().catch(() =>
          bus.toast('error', 'The new fields were saved, but the map could not reload them. Please refresh the page.'),
        );
        if (farm) bus.emit('paddock:farm-changed', { farmId: farm.id, change: 'updated' });
      },
    });

  return (
    <OlMapContext.Provider value={handle}>
      <div className={styles.page}>
        <FieldMenu status={status} onRetry={onRetry} onImport={() => setImporting(true)} onDelete={askDelete} />
        <section className={styles.mapArea} aria-label="Farm map">
          <Suspense
            fallback={
              <div className={styles.mapLoading}>
                <Spinner label="Loading the map" />
              </div>
            }
          >
            <FarmMap
              onReady={setHandle}
              onFieldClick={onFieldClick}
              label={farm ? `Map of ${farm.properties.farm_name}` : 'Farm map'}
              basemap={basemap.source}
            />
          </Suspense>
          {status.status === 'success' && (
            <>
              <FarmImagery />
              <CompareOverlay />
              <ZoneFromAddress />
              <TopRightOptions onViewTutorial={tutorial.show} />
              <MapTutorial isOpen={tutorial.isOpen} onClose={tutorial.close} />
              <MapControls>
                <MeasureControls />
                <ZoningControls />
                {farm && <FarmWeatherControl farmId={farm.id} />}
                <ScoutingButton open={scouting} onToggle={() => setScouting((open) => !open)} />
                {basemap.list.length > 0 && (
                  <BasemapSwitch basemaps={basemap.list} current={basemap.current} onChoose={chooseBasemap} />
                )}
              </MapControls>
              <ManageOverlay
                actions={actions}
                onDelete={deleteCurrent}
                fieldExtra={(fieldId) => <FieldNotes fieldId={fieldId} />}
              />
              {basemap.demoImagery && <DemoImageryNote />}
              <ScoutingPanel open={scouting} onClose={() => setScouting(false)} loadPageParts={loadFarmPageParts} />
            </>
          )}
        </section>
      </div>
      <SelectionNotices />
      <DeleteFieldDialog
        fieldId={deleteTarget}
        onClose={() => setDeleteTarget(null)}
        deleteField={actions.deleteField}
      />
      {importing && farm && (
        <RemoteMount
          load={loadImportWizard}
          mount={mountImport}
          onUnavailable={() => {
            setImporting(false);
            bus.toast('error', messages.importUnavailable);
          }}
        />
      )}
    </OlMapContext.Provider>
  );
}

/** The farm map (spec 1 §2.7, spec 2 §2) for one farm: its own store, map and panels. */
export function FarmMapScreen({ farmId }: { farmId: string }) {
  const { api, profile } = useMapArea();
  const [store] = useState(createMapStore);
  const accessOf = useCallback((farm: FarmFeature) => mapAccess(farm.properties.permission, profile), [profile]);
  const { status, retry, reload } = useFarmMapData({ api, farmId, store, accessOf });
  if (status.status === 'error' && status.notFound) return <FarmNotFound />;
  return (
    <MapStoreProvider store={store}>
      <FarmMapLayout status={status} onRetry={retry} onReload={reload} />
    </MapStoreProvider>
  );
}
