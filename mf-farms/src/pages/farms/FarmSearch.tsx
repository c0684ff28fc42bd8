import { useId, useState } from 'react';
import { Spinner, controls } from '@paddock/shared/ui';
import { controlStyles as form } from '@paddock/shared/ui/form';
import { Icon } from '@paddock/shared/ui';
import { useFarms, useFarmsStore } from '../../context';
import { useDebouncedCommit } from '../../hooks/useDebouncedCommit';
import { SEARCH_DEBOUNCE_MS } from '../../lib/messages';
import styles from './FarmsPage.module.css';

/**
 * The farm search (spec 1 §7): the server is asked 1500 ms after the last keystroke, or at once on
 * Enter. Meanwhile, and while that answer loads, a small 'Searching…' tells the user it is coming.
 */
export function FarmSearch({ loading }: { loading: boolean }) {
  const { store } = useFarms();
  const committed = useFarmsStore((s) => s.view.search);
  const [text, setText] = useState(committed);
  const inputId = useId();
  const commit = (value: string) => store.getState().setSearch(value.trim());
  const { schedule, flush } = useDebouncedCommit(commit, SEARCH_DEBOUNCE_MS);
  const searching = text.trim() !== committed || (loading && committed !== '');

  return (
    <div className={styles.search} role="search">
      <label htmlFor={inputId} className={controls.visuallyHidden}>
        Search farms
      </label>
      <span className={styles.searchIcon} aria-hidden="true">
        <Icon name="search" />
      </span>
      <input
        id={inputId}
        type="search"
        className={`${form.input} ${styles.searchInput}`}
        placeholder="Search farms..."
        value={text}
        autoComplete="off"
        onChange={(event) => {
          setText(event.target.value);
          schedule(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') flush(text);
        }}
      />
      <span className={styles.searching} role="status">
        {searching && (
          <>
            <Spinner label="Searching" />
            <span>Searching…</span>
          </>
        )}
      </span>
    </div>
  );
}
