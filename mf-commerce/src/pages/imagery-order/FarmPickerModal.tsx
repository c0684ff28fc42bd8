import { useEffect, useId, useState } from 'react';
import { farmPageSizes, type FarmRef } from '@paddock/shared/contracts';
import { formatHectares } from '@paddock/shared/format';
import { keepPreviousData, queryKeys, useQuery } from '@paddock/shared/query';
import { Button, QueryStatus } from '@paddock/shared/ui';
import { controlStyles, Options } from '@paddock/shared/ui/form';
import { AppModal } from '@paddock/shared/ui/modal';
import { useCommerce } from '../../context';
import styles from './ImageryOrder.module.css';

/** Spec 3 §9: the farm picker shows 10 farms a page by default. */
export const FARM_PICKER_DEFAULT_SIZE = 10;

interface FarmPickerModalProps {
  isOpen: boolean;
  /** Farms already in the order (shown, not pickable again). */
  chosen: string[];
  onClose(): void;
  onPick(farm: FarmRef): void;
}

/** Spec 3 §2.8: search, page size 5/10/15/20, First/Prev/Next/Last and a go-to-page input. */
export function FarmPickerModal({ isOpen, chosen, onClose, onPick }: FarmPickerModalProps) {
  return (
    <AppModal title="Select a Farm" isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      {isOpen && <FarmPicker chosen={chosen} onPick={onPick} />}
    </AppModal>
  );
}

function FarmPicker({ chosen, onPick }: { chosen: string[]; onPick(farm: FarmRef): void }) {
  const { ordersApi } = useCommerce();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState<number>(FARM_PICKER_DEFAULT_SIZE);
  const [page, setPage] = useState(1);
  const [goTo, setGoTo] = useState('');
  const ids = { search: useId(), size: useId(), goTo: useId() };

  // The search asks the server once typing pauses; only a changed search goes back to page 1 (not the
  // opening of the picker, which would undo a quick Next).
  useEffect(() => {
    const next = search.trim();
    if (next === query) return;
    const timer = window.setTimeout(() => {
      setQuery(next);
      setPage(1);
    }, 300);
    return () => window.clearTimeout(timer);
  }, [search, query]);

  const skip = (page - 1) * limit;
  const farms = useQuery({
    queryKey: queryKeys.farms.list({ picker: true, skip, limit, search: query }),
    queryFn: () => ordersApi.farms({ skip, limit, search: query }),
    placeholderData: keepPreviousData,
  });
  const totalPages = Math.max(1, farms.data?.pages.total_pages ?? 1);
  const jump = (target: number) => setPage(Math.min(Math.max(1, target), totalPages));

  return (
    <div className={styles.picker}>
      <div className={styles.pickerTools}>
        <label htmlFor={ids.search} className={styles.visuallyHidden}>
          Search farms
        </label>
        <input
          id={ids.search}
          type="search"
          className={controlStyles.input}
          placeholder="Search farms"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <label htmlFor={ids.size} className={styles.inlineLabel}>
          Farms per page
        </label>
        <select
          id={ids.size}
          className={controlStyles.input}
          value={limit}
          onChange={(event) => {
            setLimit(Number(event.target.value));
            setPage(1);
          }}
        >
          <Options values={farmPageSizes} />
        </select>
      </div>

      {!farms.isSuccess ? (
        <QueryStatus query={farms} loading="Loading your farms" failed="Your farms could not be loaded" />
      ) : farms.data.features.length === 0 ? (
        <p className={styles.muted}>{query ? `No farms match "${query}".` : 'You have no farms yet.'}</p>
      ) : (
        <ul className={styles.farmList} aria-label="Farms" aria-busy={farms.isFetching || undefined}>
          {farms.data.features.map(({ properties: farm }) => {
            const taken = chosen.includes(farm.farm_id);
            return (
              <li key={farm.farm_id} className={styles.farmRow}>
                <span>
                  <strong>{farm.farm_name}</strong>
                  <span className={styles.muted}>
                    {' '}
                    {farm.number_of_fields} field{farm.number_of_fields === 1 ? '' : 's'} ·{' '}
                    {formatHectares(farm.farm_area)} ha
                  </span>
                </span>
                <Button
                  variant="secondary"
                  disabled={taken || farm.number_of_fields === 0}
                  aria-label={`Select ${farm.farm_name}`}
                  onClick={() => onPick({ farm_id: farm.farm_id, farm_name: farm.farm_name })}
                >
                  {taken ? 'Selected' : 'Select'}
                </Button>
              </li>
            );
          })}
        </ul>
      )}

      <nav className={styles.pickerPager} aria-label="Farm pages">
        <Button variant="secondary" disabled={page <= 1} onClick={() => jump(1)}>
          First
        </Button>
        <Button variant="secondary" disabled={page <= 1} onClick={() => jump(page - 1)}>
          Prev
        </Button>
        <span aria-live="polite">
          Page {page} of {totalPages}
        </span>
        <Button variant="secondary" disabled={page >= totalPages} onClick={() => jump(page + 1)}>
          Next
        </Button>
        <Button variant="secondary" disabled={page >= totalPages} onClick={() => jump(totalPages)}>
          Last
        </Button>
        <form
          className={styles.goTo}
          onSubmit={(event) => {
            event.preventDefault();
            const target = Number.parseInt(goTo, 10);
            if (Number.isFinite(target)) jump(target);
            setGoTo('');
          }}
        >
          <label htmlFor={ids.goTo}>Go to page</label>
          <input
            id={ids.goTo}
            className={`${controlStyles.input} ${styles.goToInput}`}
            type="number"
            inputMode="numeric"
            min={1}
            max={totalPages}
            value={goTo}
            onChange={(event) => setGoTo(event.target.value)}
          />
          <Button variant="secondary" type="submit">
            Go
          </Button>
        </form>
      </nav>
    </div>
  );
}
