import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { isWindowEntry, type CatalogEntry } from '@paddock/shared/contracts';
import { buttonStyles, Spinner } from '@paddock/shared/ui';
import { controlStyles, Options } from '@paddock/shared/ui/form';
import { Icon } from '@paddock/shared/ui';
import { useMapStore } from '../../store';
import type { ImageryFields } from '../../map-core/imagery/imageryFields';
import { imageryMessages } from '../../map-core/imagery/labels';
import { readMaxCloud, writeMaxCloud } from '../../map-core/imagery/maxCloud';
import {
  cloudWording,
  entryCloud,
  entryDay,
  entryLabel,
  surveyLabel,
  visibleEntries,
} from '../../map-core/imagery/timeline';
import type { CatalogPaging } from '../../map-core/imagery/useCatalog';
import styles from '../imagery.module.css';

/** Spec 2 §9: the timeline scrolls 1000 px per click. */
export const TIMELINE_SCROLL_PX = 1000;
/** The cloud limits the user can hide dates above. */
const CLOUD_LIMITS = [10, 25, 50, 75] as const;

const FIELD_HINTS: Record<Exclude<ImageryFields['kind'], 'fields'>, string> = {
  'no-fields': 'Add a field to this farm to see its imagery dates.',
  'select-a-field': 'Select a field to see its imagery dates.',
  'too-many': 'Too many fields for imagery at once: select the fields you want to see.',
};
const SURVEY_HINTS: Record<Exclude<ImageryFields['kind'], 'fields'>, string> = {
  'no-fields': 'Add a field to this farm to see its Rapid-EM surveys.',
  'select-a-field': 'Select a field to see its Rapid-EM surveys.',
  'too-many': 'Too many fields at once: select the fields you want to see.',
};

function CloudFilter({ maxCloud, onChange }: { maxCloud: number | null; onChange(value: number | null): void }) {
  const id = useId();
  return (
    <div className={styles.cloudFilter}>
      <label htmlFor={id}>Hide dates above</label>
      <select
        id={id}
        className={styles.cloudSelect}
        value={maxCloud ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">Show all</option>
        <Options values={CLOUD_LIMITS} label={(limit) => `${limit} % cloud`} />
      </select>
    </div>
  );
}

function DateEntry({
  entry,
  selected,
  onChoose,
}: {
  entry: CatalogEntry;
  selected: boolean;
  onChoose(entry: CatalogEntry): void;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  const cloud = entryCloud(entry);
  useEffect(() => {
    if (selected) ref.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selected]);
  // A Rapid-EM survey is driven on the ground: a window of days, no clouds.
  const survey = isWindowEntry(entry);
  return (
    <li className={styles.dateItem}>
      <button ref={ref} type="button" className={styles.date} aria-pressed={selected} onClick={() => onChoose(entry)}>
        <span className={styles.dateLabel}>
          {survey ? surveyLabel(entry.start_date, entry.end_date) : entryLabel(entry)}
        </span>
        {!survey && (
          <span className={styles.cloud} data-cloud={cloudWording(cloud)}>
            {cloudWording(cloud)} · {Math.round(cloud)} %
          </span>
        )}
      </button>
    </li>
  );
}

interface DateTimelineProps {
  target: ImageryFields;
  /** Rapid-EM: survey windows, with no cloud wording or filter. */
  surveys?: boolean;
  paging: CatalogPaging;
  onChoose(entry: CatalogEntry): void;
}

/**
 * The date timeline at the bottom of the map (spec 2 §2): newest first, each date with its cloud
 * wording, scrolled 1000 px at a time, with older pages on demand and cloudy dates hidden on request.
 */
export function DateTimeline({ target, paging, onChoose, surveys = false }: DateTimelineProps) {
  const catalog = paging.entries;
  const selectedDate = useMapStore((s) => s.selectedDate);
  const [savedMaxCloud, setMaxCloud] = useState(readMaxCloud);
  const maxCloud = surveys ? null : savedMaxCloud;
  const scroller = useRef<HTMLOListElement>(null);
  const headingId = useId();
  const entries = useMemo(() => visibleEntries(catalog ?? [], maxCloud), [catalog, maxCloud]);
  const hidden = (catalog?.length ?? 0) - entries.length;

  const chooseLimit = (limit: number | null) => {
    setMaxCloud(limit);
    writeMaxCloud(limit);
  };
  const scroll = (direction: 1 | -1) =>
    scroller.current?.scrollBy({ left: direction * TIMELINE_SCROLL_PX, behavior: 'smooth' });

  let body;
  if (target.kind !== 'fields')
    body = <p className={styles.timelineNote}>{(surveys ? SURVEY_HINTS : FIELD_HINTS)[target.kind]}</p>;
  else if (paging.status.kind === 'loading' || paging.status.kind === 'idle')
    body = (
      <div className={styles.timelineNote}>
        <Spinner label="Loading dates" />
      </div>
    );
  else if (paging.status.kind === 'error') {
    body = (
      <p className={styles.timelineNote} role="alert">
        {paging.status.message}{' '}
        <button type="button" className={styles.textButton} onClick={paging.retry}>
          Try again
        </button>
      </p>
    );
  } else if (!catalog?.length && !paging.olderFrom)
    body = (
      <p className={styles.timelineEmpty}>
        {imageryMessages.noDatesAvailable}
        {surveys && <span className={styles.hiddenNote}> · Rapid-EM has not surveyed these fields yet.</span>}
      </p>
    );
  else {
    body = (
      <div className={styles.timelineRow}>
        <button
          type="button"
          className={buttonStyles.iconButton}
          aria-label="Scroll to newer dates"
          onClick={() => scroll(-1)}
        >
          <span className={styles.flipLeft}>
            <Icon name="chevron" />
          </span>
        </button>
        <ol ref={scroller} className={styles.dates} aria-labelledby={headingId}>
          {entries.map((entry) => (
            <DateEntry
              key={entryDay(entry)}
              entry={entry}
              selected={entryDay(entry) === selectedDate}
              onChoose={onChoose}
            />
          ))}
          {entries.length === 0 && (
            <li className={styles.timelineEmpty}>
              {imageryMessages.noDatesAvailableShort}
              {hidden > 0 && (
                <span className={styles.hiddenNote}>
                  {' '}
                  ({hidden} above {maxCloud} % cloud hidden)
                </span>
              )}
            </li>
          )}
          {paging.olderFrom && (
            <li className={styles.dateItem}>
              <button
                type="button"
                className={styles.older}
                onClick={paging.loadOlder}
                disabled={paging.loadingOlder}
                aria-busy={paging.loadingOlder || undefined}
              >
                {paging.loadingOlder ? 'Loading…' : 'Older dates'}
              </button>
            </li>
          )}
        </ol>
        <button
          type="button"
          className={buttonStyles.iconButton}
          aria-label="Scroll to older dates"
          onClick={() => scroll(1)}
        >
          <span className={styles.flipRight}>
            <Icon name="chevron" />
          </span>
        </button>
      </div>
    );
  }

  return (
    <section className={styles.timeline} aria-labelledby={headingId} data-tour="timeline">
      <header className={styles.timelineHeader}>
        <h2 id={headingId} className={styles.timelineTitle}>
          {surveys ? 'Rapid-EM surveys' : 'Imagery dates'}
        </h2>
        {target.kind === 'fields' && !surveys && <CloudFilter maxCloud={maxCloud} onChange={chooseLimit} />}
      </header>
      {body}
      {paging.olderError && (
        <p className={controlStyles.error} role="alert">
          {paging.olderError}
        </p>
      )}
    </section>
  );
}
