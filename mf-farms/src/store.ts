import { createStore, type StoreApi } from 'zustand';
import type { FarmPageSize, FarmSortField, SortDir } from './api/farmsApi';

/** The farms list as the user last left it: kept while the area is mounted, so details → back keeps it. */
export interface ListView {
  page: number;
  pageSize: FarmPageSize;
  sortBy: FarmSortField;
  sortDir: SortDir;
  /** The committed (debounced) search text; what the box shows meanwhile is the page's own state. */
  search: string;
}

/** The area's one store: the list's view, ticked farms and the one expanded row. */
export interface FarmsState {
  view: ListView;
  /** Ticked farms, id → name, kept across pages so 'Share Multiple Farms' can span them. */
  selected: Record<string, string>;
  expandedId: string | null;
  setPage(page: number): void;
  setPageSize(pageSize: FarmPageSize): void;
  /** A new column starts in its natural order; the same column flips. */
  sortBy(column: FarmSortField): void;
  setSearch(search: string): void;
  toggleSelected(farm: { id: string; name: string }, selected: boolean): void;
  clearSelected(): void;
  toggleExpanded(farmId: string): void;
}

export type FarmsStore = StoreApi<FarmsState>;

/** Spec 1 §2.3 and §9: page size 10, newest update first. */
export const DEFAULT_VIEW: ListView = { page: 1, pageSize: 10, sortBy: 'updated_on', sortDir: 'desc', search: '' };

// Names read best A→Z; counts, areas and dates read best biggest or newest first.
const firstDirection = (column: FarmSortField): SortDir => (column === 'farm_name' ? 'asc' : 'desc');

/** One store per mount, so a remount (or a test) never sees a previous user's data. */
export function createFarmsStore(): FarmsStore {
  return createStore<FarmsState>()((set) => ({
    view: DEFAULT_VIEW,
    selected: {},
    expandedId: null,
    setPage: (page) => set((s) => ({ view: { ...s.view, page }, expandedId: null })),
    setPageSize: (pageSize) => set((s) => ({ view: { ...s.view, pageSize, page: 1 }, expandedId: null })),
    sortBy: (column) =>
      set((s) => {
        const sortDir = s.view.sortBy === column ? (s.view.sortDir === 'asc' ? 'desc' : 'asc') : firstDirection(column);
        return { view: { ...s.view, sortBy: column, sortDir, page: 1 }, expandedId: null };
      }),
    setSearch: (search) =>
      set((s) => (s.view.search === search ? s : { view: { ...s.view, search, page: 1 }, expandedId: null })),
    toggleSelected: ({ id, name }, selected) =>
      set((s) => {
        const { [id]: _removed, ...rest } = s.selected;
        return { selected: selected ? { ...rest, [id]: name } : rest };
      }),
    clearSelected: () => set({ selected: {} }),
    toggleExpanded: (farmId) => set((s) => ({ expandedId: s.expandedId === farmId ? null : farmId })),
  }));
}
