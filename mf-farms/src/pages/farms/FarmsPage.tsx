import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { readFarmsNavState, withoutNavFlag, type FarmFeature } from '@paddock/shared/contracts';
import { useAction } from '@paddock/shared/query';
import { Button, ErrorState, LoadingState } from '@paddock/shared/ui';
import { AppModal } from '@paddock/shared/ui/modal';
import { WaitingFarmsNotice } from '@paddock/shared/ui/waiting-farms';
import { CreateFarmModal } from '../../components/create-farm/CreateFarmModal';
import { DeleteFarmModal, type DeleteTarget } from '../../components/delete-farm/DeleteFarmModal';
import { Icon } from '@paddock/shared/ui';
import { Pagination } from '../../components/Pagination';
import { ShareModal, type ShareTarget } from '../../components/share/ShareModal';
import { useFarms, useFarmsStore } from '../../context';
import { useLater } from '../../hooks/useLater';
import { DELETE_REDIRECT_MS, messages, uploadMessages } from '../../lib/messages';
import { FarmSearch } from './FarmSearch';
import type { RowActions } from './FarmRow';
import { FarmsTable } from './FarmsTable';
import { useFarmList, type FarmList } from './useFarmList';
import styles from './FarmsPage.module.css';

const target = (farm: FarmFeature) => ({ id: farm.properties.farm_id, name: farm.properties.farm_name });

// The wizard (dropzone, geometry maths) loads only when someone imports.
const ImportWizard = lazy(() =>
  import('../../components/import-wizard/ImportWizard').then((module) => ({ default: module.ImportWizard })),
);

/** The modals of the page; the create modal also opens from the host's add menu ({createFarm: true}). */
function useFarmsModals() {
  const location = useLocation();
  const navigate = useNavigate();
  const [createOpen, setCreateOpen] = useState(false);
  const [createName, setCreateName] = useState('');
  // Targets (and the imported farm's name) outlive their modal's closing, so the text does not blank while it animates out.
  const [importing, setImporting] = useState({ open: false, farmName: '' });
  const [share, setShare] = useState<{ open: boolean; farms: ShareTarget[] }>({ open: false, farms: [] });
  const [remove, setRemove] = useState<{ open: boolean; farm: DeleteTarget | null }>({ open: false, farm: null });
  const requested = readFarmsNavState(location.state).createFarm;

  const setCreate = (open: boolean, name = '') => {
    setCreateOpen(open);
    setCreateName(name);
    // Consumed once: a reload or Back must not open it again.
    if (!open && requested)
      navigate(location.pathname, { replace: true, state: withoutNavFlag(location.state, 'createFarm') });
  };

  return {
    create: { isOpen: createOpen || requested, name: createName, set: setCreate },
    importing,
    startImport: (farmName: string) => {
      setCreate(false);
      setImporting({ open: true, farmName });
    },
    backToCreate: () => {
      setCreate(true, importing.farmName);
      setImporting((current) => ({ ...current, open: false }));
    },
    closeImport: () => setImporting((current) => ({ ...current, open: false })),
    share,
    openShare: (farms: ShareTarget[]) => setShare({ open: true, farms }),
    closeShare: () => setShare((current) => ({ ...current, open: false })),
    remove,
    openRemove: (farm: DeleteTarget) => setRemove({ open: true, farm }),
    closeRemove: () => setRemove((current) => ({ ...current, open: false })),
  };
}

/** Optimistic favourite (spec 1 §4.4 + spec README): the star flips at once and flips back on failure. */
function useToggleFavourite(list: FarmList) {
  const { api } = useFarms();
  const favourite = useAction({
    run: ({ id, favourite: next }: { id: string; favourite: boolean }) => api.setFavourite(id, next),
  });
  return async (farm: FarmFeature) => {
    const { farm_id: id, is_favorite: was } = farm.properties;
    list.patchFarm(id, { is_favorite: !was });
    if (!(await favourite.trigger({ id, favourite: !was }))) list.patchFarm(id, { is_favorite: was });
  };
}

function EmptyState({ filtered, onCreate }: { filtered: 'search' | 'favourites' | null; onCreate(): void }) {
  if (filtered === 'search')
    return (
      <div className={styles.empty}>
        <h2>No farms match your search</h2>
        <p>Try another name, or clear the search box.</p>
      </div>
    );
  if (filtered === 'favourites')
    return (
      <div className={styles.empty}>
        <h2>No favourite farms yet</h2>
        <p>Star a farm to see it here.</p>
      </div>
    );
  return (
    <div className={styles.empty}>
      <span className={styles.emptyIcon} aria-hidden="true">
        <Icon name="field" size={32} />
      </span>
      <h2>No farms yet</h2>
      <p>Create your first farm, then draw its fields on the map or import them from a file.</p>
      <Button onClick={onCreate}>
        <Icon name="plus" /> Create Farm
      </Button>
    </div>
  );
}

function FavouritesFilter() {
  const location = useLocation();
  const navigate = useNavigate();
  const { store } = useFarms();
  const remove = () => {
    store.getState().setPage(1);
    navigate(location.pathname, { replace: true, state: withoutNavFlag(location.state, 'favourites') });
  };
  return (
    <div className={styles.filter}>
      <span className={styles.filterLabel}>
        <Icon name="star" size={16} filled /> Showing favourites only
      </span>
      <Button variant="secondary" onClick={remove}>
        Remove Filter By Favourites
      </Button>
    </div>
  );
}

/** Spec 1 §2.3: the farms list with search, favourites filter, sharing, paging and sorting. */
export function FarmsPage() {
  const location = useLocation();
  const { store, auth, config } = useFarms();
  const view = useFarmsStore((s) => s.view);
  const selected = useFarmsStore((s) => s.selected);
  const favouritesOnly = readFarmsNavState(location.state).favourites;
  const list = useFarmList({ ...view, favouritesOnly });
  const modals = useFarmsModals();
  const toggleFavourite = useToggleFavourite(list);
  const later = useLater();
  const selectedFarms = Object.entries(selected).map(([id, name]) => ({ id, name }));

  const afterDelete = ({ id }: DeleteTarget) => {
    store.getState().toggleSelected({ id, name: '' }, false);
    // The last farm of a later page takes the user one page back instead of to an empty page.
    const lastOnPage = list.data?.features.length === 1 && view.page > 1;
    later(DELETE_REDIRECT_MS, () => (lastOnPage ? store.getState().setPage(view.page - 1) : list.reload()));
  };

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Farms &amp; Fields</h1>
        <div className={styles.headerActions}>
          <Button
            variant="secondary"
            disabled={selectedFarms.length <= 1}
            onClick={() => modals.openShare(selectedFarms)}
          >
            <Icon name="share" /> Share Multiple Farms
          </Button>
          <Button onClick={() => modals.create.set(true)}>
            <Icon name="plus" /> Create Farm
          </Button>
        </div>
      </header>
      <WaitingFarmsNotice auth={auth} config={config} />
      <div className={styles.toolbar}>
        <FarmSearch loading={list.loading} />
        {favouritesOnly && <FavouritesFilter />}
      </div>
      <ListBody
        list={list}
        favouritesOnly={favouritesOnly}
        onCreate={() => modals.create.set(true)}
        actions={{
          onToggleFavourite: (farm) => void toggleFavourite(farm),
          onShare: (farm) => modals.openShare([target(farm)]),
          onDelete: (farm) => modals.openRemove(target(farm)),
        }}
      />
      <CreateFarmModal
        isOpen={modals.create.isOpen}
        initialName={modals.create.name}
        onOpenChange={(open) => modals.create.set(open)}
        onImport={modals.startImport}
      />
      {modals.importing.farmName && (
        <Suspense
          fallback={
            <AppModal title={uploadMessages.wizardTitle} isOpen onOpenChange={modals.closeImport}>
              <LoadingState label="Loading the import wizard" />
            </AppModal>
          }
        >
          <ImportWizard
            isOpen={modals.importing.open}
            target={{ mode: 'create', farmName: modals.importing.farmName }}
            onBack={modals.backToCreate}
            onClose={() => {
              modals.closeImport();
              list.reload();
            }}
          />
        </Suspense>
      )}
      <ShareModal
        farms={modals.share.farms}
        isOpen={modals.share.open}
        onOpenChange={(open) => !open && modals.closeShare()}
        onShared={() => {
          // The ticked farms have done their job once shared together.
          // (The list reloads by itself: sharing invalidates the farm queries.)
          if (modals.share.farms.length > 1) store.getState().clearSelected();
        }}
      />
      <DeleteFarmModal
        farm={modals.remove.farm}
        isOpen={modals.remove.open}
        onClose={modals.closeRemove}
        onDeleted={afterDelete}
      />
    </div>
  );
}

interface ListBodyProps {
  list: FarmList;
  favouritesOnly: boolean;
  onCreate(): void;
  actions: RowActions;
}

/** Loading, error, empty or the table with its pagination. */
function ListBody({ list, favouritesOnly, onCreate, actions }: ListBodyProps) {
  const { store } = useFarms();
  const view = useFarmsStore((s) => s.view);
  if (list.error) return <ErrorState title={messages.listLoadFailed} message={list.error} onRetry={list.reload} />;
  if (!list.data) return <LoadingState label="Loading farms" />;
  const { features, pages } = list.data;
  if (pages.total_count === 0 && !list.loading) {
    return <EmptyState filtered={view.search ? 'search' : favouritesOnly ? 'favourites' : null} onCreate={onCreate} />;
  }
  return (
    <section className={styles.card} aria-label="Farm list">
      <FarmsTable farms={features} busy={list.loading} {...actions} />
      <Pagination
        label="Farms"
        page={view.page}
        pageCount={pages.total_pages}
        pageSize={view.pageSize}
        onPageChange={(page) => store.getState().setPage(page)}
        onPageSizeChange={(size) => store.getState().setPageSize(size)}
      />
    </section>
  );
}
