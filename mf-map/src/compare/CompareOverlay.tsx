import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { errorMessage } from '@paddock/shared/api-client';
import {
  algorithmCode,
  compareAlgorithms,
  compareSearch,
  parseAlgorithmCode,
  readCompareSearch,
  type CompareAlgorithm,
  type CompareState,
  type CompareStatisticsResponse,
  type CompareView,
  type Distribution,
  type Rgb,
} from '@paddock/shared/contracts';
import { formatDate } from '@paddock/shared/format';
import { freshFor, queryKeys, queryPolicy, useQuery } from '@paddock/shared/query';
import { Spinner } from '@paddock/shared/ui';
import { useMapArea } from '../context';
import { CLEAR_BELOW_PERCENT, entryCloud, entryDay } from '../map-core/imagery/timeline';
import { useOlMap } from '../map-core/olMapContext';
import { useMapStore } from '../store';
import styles from './compare.module.css';
import { SWIPE_STEP } from './swipe';
import { lastSeasonPageEnd, sameTimeLastSeason, LAST_SEASON_WITHIN_DAYS, yearEarlier } from './lastSeason';
import { Options } from '@paddock/shared/ui/form';
import { useFarmFields } from '../map-core/farmData';
import { useShownCatalog } from '../map-core/imagery/useCatalog';

const CompareLayers = lazy(() => import('./CompareLayers'));

const VIEWS: { id: CompareView; label: string }[] = [
  { id: 'swipe', label: 'Swipe' },
  { id: 'side', label: 'Side by side' },
  { id: 'difference', label: 'Difference' },
];

/** What each side can show: NDVI, true colour, Rapid-EM deep (on its survey windows). */
const SIDE_LAYERS = [
  { code: algorithmCode('standard', 'NDVI'), label: 'NDVI' },
  { code: algorithmCode('standard', 'COLOUR'), label: 'Colour' },
  { code: algorithmCode('sensor_em', 'DEEP'), label: 'Rapid-EM deep' },
];

/** The phone layout of compare.module.css. */
const PHONE_QUERY = '(max-width: 640px)';
const day = (date: string) => formatDate(date, 'long');
const rgb = ([r, g, b]: Rgb) => `rgb(${r}, ${g}, ${b})`;

/** A difference layer exists when both sides show the same scalar calculation of the standard layer. */
export function differenceAlgorithm(state: CompareState): CompareAlgorithm | null {
  if (state.left.code !== state.right.code) return null;
  const { layer, algorithm } = parseAlgorithmCode(state.left.code);
  return layer === 'standard' && (compareAlgorithms as readonly string[]).includes(algorithm)
    ? (algorithm as CompareAlgorithm)
    : null;
}

/** Later minus earlier, whichever side the user put first. */
const ordered = (state: CompareState): [string, string] =>
  state.left.date <= state.right.date ? [state.left.date, state.right.date] : [state.right.date, state.left.date];

export function useCompareState(): [CompareState | null, (next: CompareState | null) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => readCompareSearch(new URLSearchParams(location.search)), [location.search]);
  const set = (next: CompareState | null) => {
    const search = new URLSearchParams(location.search);
    for (const key of ['compare', 'fields', 'view']) search.delete(key);
    if (next) for (const [key, value] of Object.entries(compareSearch(next))) search.set(key, value);
    const query = search.toString();
    navigate(`${location.pathname}${query ? `?${query}` : ''}`, { replace: true });
  };
  return [state, set];
}

function Figures({ label, stats, signed }: { label: string; stats: Distribution | null; signed?: boolean }) {
  const value = (n: number) => (signed && n > 0 ? `+${n.toFixed(2)}` : n.toFixed(2));
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{stats ? value(stats.mean) : '–'}</td>
      <td>{stats ? stats.sd.toFixed(2) : '–'}</td>
      <td>{stats ? `${value(stats.p10)} to ${value(stats.p90)}` : '–'}</td>
    </tr>
  );
}

function CompareStatistics({ stats }: { stats: CompareStatisticsResponse }) {
  if (!stats.difference)
    return <p className={styles.note}>No part of the field is clear on both dates. Choose clearer dates.</p>;
  const [low, high] = stats.color_rendering.value_range;
  return (
    <>
      <table className={styles.figures} aria-label="Statistics of both dates and the change">
        <thead>
          <tr>
            <th scope="col">{stats.algorithm}</th>
            <th scope="col">Mean</th>
            <th scope="col">SD</th>
            <th scope="col">10th–90th</th>
          </tr>
        </thead>
        <tbody>
          <Figures label={day(stats.earlier_date)} stats={stats.earlier} />
          <Figures label={day(stats.later_date)} stats={stats.later} />
          <Figures label="Change" stats={stats.difference} signed />
        </tbody>
      </table>
      <p className={styles.note} data-testid="compare-down">
        {`${stats.percent_down?.toFixed(0) ?? 0} % of the field is down ${stats.down_by} or more.`}
        {stats.earlier_cloud_percent + stats.later_cloud_percent > 0 && ' Cloudy pixels on either date are left out.'}
      </p>
      <figure className={styles.legend} aria-label="Change legend">
        <div
          className={styles.ramp}
          style={{ background: `linear-gradient(to right, ${stats.color_rendering.color_range.map(rgb).join(', ')})` }}
        />
        <figcaption className={styles.ticks}>
          <span>{low.toFixed(2)} lower</span>
          <span>no change</span>
          <span>+{high.toFixed(2)} higher</span>
        </figcaption>
      </figure>
    </>
  );
}

/**
 * Compare two dates or two layers of the selected field(s) on the farm map (issue 30): a swipe
 * handle, side by side with synchronised views, or the difference layer with its legend and the
 * statistics of both. The comparison lives in the URL, so its link opens it for another member.
 */
export function CompareOverlay() {
  const { imagery, compare: compareApi } = useMapArea();
  const handle = useOlMap();
  const [state, setState] = useCompareState();
  const [position, setPosition] = useState(0.5);
  const [blocked, setBlocked] = useState(false);
  const [panel, setPanel] = useState<HTMLElement | null>(null);
  // The choices and figures fold away on a phone and side by side, so the maps keep the screen; the
  // user's own choice holds until the view changes.
  const [folded, setFolded] = useState<{ view: CompareView | null; folded: boolean } | null>(null);
  const [lastSeason, setLastSeason] = useState<{ busy: boolean; message: string | null }>({
    busy: false,
    message: null,
  });
  const ids = useId();
  const fields = useFarmFields();
  const catalog = useShownCatalog();
  const s = useMapStore(
    useShallow((st) => ({
      selected: st.selectedFields,
      multiSelect: st.access.multiSelect,
      date: st.selectedDate,
    })),
  );

  const algorithm = state ? differenceAlgorithm(state) : null;
  const [earlier, later] = state ? ordered(state) : ['', ''];
  const request =
    state && algorithm && earlier !== later
      ? { fieldIds: state.fieldIds, algorithm, earlierDate: earlier, laterDate: later }
      : null;
  const stats = useQuery({
    queryKey: queryKeys.imagery.compare({ ...request }),
    queryFn: () => compareApi.statistics(request as NonNullable<typeof request>),
    enabled: request !== null,
    ...queryPolicy({ freshFor: freshFor.oneDay }),
  });

  /** The clear capture days loaded (newest first): the ones worth comparing. */
  const captureDates = useMemo(
    () => (catalog ?? []).filter((entry) => entryCloud(entry) < CLEAR_BELOW_PERCENT).map(entryDay),
    [catalog],
  );

  if (!state) {
    // The entry point: the selected field (Basic) or fields (Advanced, as imagery allows several).
    const target = s.selected.length > 0 ? s.selected : fields.length === 1 ? [fields[0]?.id ?? ''] : [];
    if (target.length === 0 || (target.length > 1 && !s.multiSelect) || !s.date || catalog === null) return null;
    const code = algorithmCode('standard', 'NDVI');
    const later = captureDates.includes(s.date) ? s.date : captureDates[0];
    const previous = captureDates.find((date) => later !== undefined && date < later);
    if (later === undefined || previous === undefined)
      return (
        <div className={styles.open}>
          <button
            type="button"
            className={styles.openButton}
            aria-disabled="true"
            aria-describedby={`${ids}-needs`}
            onClick={() => setBlocked(true)}
          >
            Compare dates
          </button>
          {blocked && (
            <p id={`${ids}-needs`} role="status" className={styles.needs}>
              {`Comparing needs two clear captures of the field; the dates loaded have ${captureDates.length === 0 ? 'none' : 'one'}. Load older dates or wait for the next clear one.`}
            </p>
          )}
        </div>
      );
    return (
      <div className={styles.open}>
        <button
          type="button"
          className={styles.openButton}
          onClick={() =>
            setState({ fieldIds: target, left: { code, date: previous }, right: { code, date: later }, view: 'swipe' })
          }
        >
          Compare dates
        </button>
      </div>
    );
  }

  const update = (patch: Partial<CompareState>) => setState({ ...state, ...patch });
  const details =
    folded?.view === state.view
      ? !folded.folded
      : !(state.view === 'side' || Boolean(window.matchMedia?.(PHONE_QUERY).matches));
  const setDetails = (open: boolean) => setFolded({ view: state.view, folded: !open });
  const template = (side: CompareState['left']) => {
    const { layer, algorithm: calc } = parseAlgorithmCode(side.code);
    return imagery.tileTemplate({
      fieldIds: state.fieldIds,
      layer,
      algorithm: calc,
      date: side.date,
      stretch: 'fixed',
    });
  };
  const differenceTemplate = request ? compareApi.differenceTemplate(request) : null;
  const [leftDay, rightDay] = [state.left.date, state.right.date];
  /** "This season against last": the left side becomes the clear capture nearest the right one's day a year before. */
  const compareLastSeason = async () => {
    setLastSeason({ busy: true, message: null });
    try {
      const page = await imagery.catalog({
        fieldIds: state.fieldIds,
        layer: 'standard',
        latestDate: lastSeasonPageEnd(rightDay),
      });
      const clear = page.dates.filter((entry) => entryCloud(entry) < CLEAR_BELOW_PERCENT).map(entryDay);
      const found = sameTimeLastSeason(rightDay, clear);
      if (found) {
        update({ left: { ...state.left, date: found } });
        setLastSeason({ busy: false, message: null });
      } else {
        setLastSeason({
          busy: false,
          message: `No clear capture within ${LAST_SEASON_WITHIN_DAYS} days of ${day(yearEarlier(rightDay))} last season.`,
        });
      }
    } catch (error) {
      setLastSeason({ busy: false, message: errorMessage(error, "Last season's captures could not be loaded.") });
    }
  };
  const sideControls = (which: 'left' | 'right', label: string) => {
    const side = state[which];
    const options = captureDates.includes(side.date) ? captureDates : [side.date, ...captureDates];
    return (
      <fieldset className={styles.side}>
        <legend>{label}</legend>
        <label htmlFor={`${ids}-${which}-layer`}>Layer</label>
        <select
          id={`${ids}-${which}-layer`}
          value={side.code}
          onChange={(event) => update({ [which]: { ...side, code: event.target.value } })}
        >
          {SIDE_LAYERS.map((option) => (
            <option key={option.code} value={option.code}>
              {option.label}
            </option>
          ))}
        </select>
        <label htmlFor={`${ids}-${which}-date`}>Date</label>
        <select
          id={`${ids}-${which}-date`}
          value={side.date}
          onChange={(event) => update({ [which]: { ...side, date: event.target.value } })}
        >
          <Options values={options} label={day} />
        </select>
      </fieldset>
    );
  };

  return (
    <>
      <section ref={setPanel} className={styles.panel} aria-label="Compare" data-testid="compare-panel">
        <header className={styles.header}>
          <h2>Compare</h2>
          <button
            type="button"
            className={styles.more}
            aria-expanded={details}
            aria-controls={`${ids}-details`}
            onClick={() => setDetails(!details)}
          >
            {details ? 'Fewer choices' : 'Dates and figures'}
          </button>
          <button type="button" className={styles.close} onClick={() => setState(null)} aria-label="Close compare">
            ×
          </button>
        </header>
        <div className={styles.views} role="radiogroup" aria-label="How to compare">
          {VIEWS.map((option) => (
            <button
              key={option.id}
              type="button"
              role="radio"
              aria-checked={state.view === option.id}
              disabled={option.id === 'difference' && !algorithm}
              className={styles.view}
              onClick={() => update({ view: option.id })}
            >
              {option.label}
            </button>
          ))}
        </div>
        {state.view === 'swipe' && (
          <div className={styles.views} role="group" aria-label="Show the whole map as">
            <button type="button" className={styles.view} aria-pressed={position === 1} onClick={() => setPosition(1)}>
              {`Left: ${day(leftDay)}`}
            </button>
            <button type="button" className={styles.view} aria-pressed={position === 0} onClick={() => setPosition(0)}>
              {`Right: ${day(rightDay)}`}
            </button>
          </div>
        )}
        <div id={`${ids}-details`} hidden={!details}>
          <div className={styles.sides}>
            {sideControls('left', 'Left')}
            {sideControls('right', 'Right')}
          </div>
          {state.view === 'swipe' && (
            <label className={styles.handle}>
              <span>Swipe handle</span>
              <input
                type="range"
                min={0}
                max={1}
                step={SWIPE_STEP}
                value={position}
                aria-valuetext={`${Math.round(position * 100)} % left side`}
                onChange={(event) => setPosition(Number(event.target.value))}
              />
            </label>
          )}
          <button
            type="button"
            className={styles.lastSeason}
            disabled={lastSeason.busy}
            onClick={() => void compareLastSeason()}
          >
            {lastSeason.busy ? 'Finding last season…' : 'Right date against the same time last season'}
          </button>
          {lastSeason.message && (
            <p className={styles.note} role="status">
              {lastSeason.message}
            </p>
          )}
          {!algorithm && (
            <p className={styles.note}>Both sides show different layers: there is no difference layer to draw.</p>
          )}
          {request && stats.data && <CompareStatistics stats={stats.data} />}
          {request && stats.isPending && <Spinner label="Loading the change" />}
          {request && stats.isError && (
            <p className={styles.error} role="alert">
              {errorMessage(stats.error, 'The change could not be loaded.')}
            </p>
          )}
        </div>
      </section>
      {handle && (
        <Suspense fallback={null}>
          <CompareLayers
            handle={handle}
            view={state.view}
            leftTemplate={template(state.left)}
            rightTemplate={template(state.right)}
            differenceTemplate={differenceTemplate}
            position={position}
            onPosition={setPosition}
            panel={panel}
            fetchTile={imagery.fetchTile}
            fieldIds={state.fieldIds}
          />
        </Suspense>
      )}
    </>
  );
}
