import { useId, useState, type FormEvent } from 'react';
import { farmPageSizes } from '@paddock/shared/contracts';
import type { FarmPageSize } from '../api/farmsApi';
import { controlStyles as form, Options } from '@paddock/shared/ui/form';
import styles from './Pagination.module.css';
import { controls } from '@paddock/shared/ui';

interface PaginationProps {
  /** What is paged, e.g. 'Farms': names the navigation landmark. */
  label: string;
  page: number;
  pageCount: number;
  pageSize: FarmPageSize;
  onPageChange(page: number): void;
  onPageSizeChange(pageSize: FarmPageSize): void;
  disabled?: boolean;
}

const clampPage = (page: number, pageCount: number) => Math.min(Math.max(1, page), Math.max(1, pageCount));

const isPageSize = (value: number): value is FarmPageSize => (farmPageSizes as readonly number[]).includes(value);

/** Spec 1 §2.3/§2.4: rows per page (5, 10, 15, 20), First, Prev, Next, Last and go-to-page. */
export function Pagination({
  label,
  page,
  pageCount,
  pageSize,
  onPageChange,
  onPageSizeChange,
  disabled = false,
}: PaginationProps) {
  const sizeId = useId();
  const last = Math.max(1, pageCount);
  const go = (target: number) => onPageChange(clampPage(target, last));
  const atStart = disabled || page <= 1;
  const atEnd = disabled || page >= last;

  return (
    <nav className={styles.pagination} aria-label={`${label} pagination`}>
      <div className={styles.size}>
        <label htmlFor={sizeId} className={styles.sizeLabel}>
          Rows per page
        </label>
        <select
          id={sizeId}
          className={`${form.select} ${form.inline} ${form.compact}`}
          value={pageSize}
          disabled={disabled}
          onChange={(event) => {
            const size = Number(event.target.value);
            if (isPageSize(size)) onPageSizeChange(size);
          }}
        >
          <Options values={farmPageSizes} />
        </select>
      </div>
      <p className={styles.status} aria-live="polite">
        Page {Math.min(page, last)} of {last}
      </p>
      <div className={styles.buttons}>
        <button type="button" className={controls.textButton} onClick={() => go(1)} disabled={atStart}>
          First
        </button>
        <button type="button" className={controls.textButton} onClick={() => go(page - 1)} disabled={atStart}>
          Prev
        </button>
        <button type="button" className={controls.textButton} onClick={() => go(page + 1)} disabled={atEnd}>
          Next
        </button>
        <button type="button" className={controls.textButton} onClick={() => go(last)} disabled={atEnd}>
          Last
        </button>
      </div>
      <GoToPage pageCount={last} onGo={go} disabled={disabled || last <= 1} />
    </nav>
  );
}

function GoToPage({ pageCount, onGo, disabled }: { pageCount: number; onGo(page: number): void; disabled: boolean }) {
  const inputId = useId();
  const [value, setValue] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const target = Number.parseInt(value, 10);
    if (Number.isFinite(target)) onGo(target);
    setValue('');
  };

  return (
    // noValidate: an out-of-range page is clamped to the nearest one rather than refused.
    <form noValidate className={styles.goTo} onSubmit={submit}>
      <label htmlFor={inputId} className={styles.sizeLabel}>
        Go to page
      </label>
      <input
        id={inputId}
        className={`${form.input} ${form.compact} ${styles.goToInput}`}
        type="number"
        inputMode="numeric"
        min={1}
        max={pageCount}
        value={value}
        disabled={disabled}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" className={controls.textButton} disabled={disabled || value === ''}>
        Go
      </button>
    </form>
  );
}
