import { useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { DateTime } from 'luxon';
import type { TimeseriesResponse, TimeseriesSeason } from '@paddock/shared/contracts';
import { legendFigure } from '../lib/figures';
import { dateLabel } from '../../map-core/imagery/timeline';
import styles from '../imagery.module.css';

const WIDTH = 320;
const HEIGHT = 150;
const PAD = { left: 34, right: 8, top: 8, bottom: 20 };

const daysBetween = (from: string, to: string) => DateTime.fromISO(to).diff(DateTime.fromISO(from), 'days').days;

interface PlottedPoint {
  date: string;
  season: TimeseriesSeason['season'];
  x: number;
  y: number;
  label: string;
}

/** Maps a season onto the chart: days since the season began across, values up. */
function scales(data: TimeseriesResponse) {
  const values = data.seasons.flatMap((season) => season.points.flatMap((point) => [point.p10, point.p90, point.mean]));
  const low = values.length ? Math.min(...values) : 0;
  const high = values.length ? Math.max(...values) : 1;
  const span = high - low || 1;
  const length = Math.max(...data.seasons.map((season) => daysBetween(season.start_date, season.end_date)), 1);
  return {
    low,
    high,
    x: (season: TimeseriesSeason, date: string) =>
      PAD.left + (daysBetween(season.start_date, date) / length) * (WIDTH - PAD.left - PAD.right),
    y: (value: number) => PAD.top + (1 - (value - low) / span) * (HEIGHT - PAD.top - PAD.bottom),
  };
}

const pathOf = (points: readonly { x: number; y: number }[]) =>
  points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');

interface ChartProps {
  data: TimeseriesResponse;
  selectedDate: string | null;
  onPick(date: string): void;
}

/** How far from a point's centre a click still lands on it (viewBox units: the drawn radius, selected). */
const HIT_RADIUS = 5;

/**
 * The point a click at a spot of the chart (in its viewBox units) opens: the nearest, except that
 * this season's points, drawn on top, win over last season's under the click. Last season's point
 * for the same day of the season can sit exactly under this season's, and the farmer means the one
 * they see.
 */
function pointAt(points: readonly PlottedPoint[], x: number, y: number): PlottedPoint | undefined {
  const rank = (point: PlottedPoint) => {
    const distance = Math.hypot(point.x - x, point.y - y);
    const drawnOnTop = point.season === 'current' && distance <= HIT_RADIUS;
    return [drawnOnTop ? 0 : 1, distance] as const;
  };
  let best: PlottedPoint | undefined;
  let bestRank: readonly [number, number] = [2, Number.POSITIVE_INFINITY];
  for (const point of points) {
    const [layer, distance] = rank(point);
    if (layer < bestRank[0] || (layer === bestRank[0] && distance < bestRank[1])) {
      best = point;
      bestRank = [layer, distance];
    }
  }
  return best;
}

/**
 * A field's index mean across the season with its 10th–90th percentile band, and last season's
 * mean dashed behind it. Captures a few days apart sit close together, so a click opens the point
 * under it, or else the nearest. The points are one keyboard stop: arrows move, Enter opens the date.
 */
export function TimeSeriesChart({ data, selectedDate, onPick }: ChartProps) {
  const scale = useMemo(() => scales(data), [data]);
  const [current, previous] = data.seasons;
  const points = useMemo<PlottedPoint[]>(
    () =>
      data.seasons
        .flatMap((season) =>
          season.points.map((point) => ({
            date: point.date,
            season: season.season,
            x: scale.x(season, point.date),
            y: scale.y(point.mean),
            label: `${data.algorithm} ${legendFigure(point.mean)} on ${dateLabel(point.date)}${season.season === 'previous' ? ' (last season)' : ''}`,
          })),
        )
        .sort((a, b) => a.date.localeCompare(b.date)),
    [data, scale],
  );
  const [focus, setFocus] = useState(() => Math.max(0, points.length - 1));
  const refs = useRef<(SVGGElement | null)[]>([]);

  const band = [
    ...current.points.map((point) => ({ x: scale.x(current, point.date), y: scale.y(point.p90) })),
    ...[...current.points].reverse().map((point) => ({ x: scale.x(current, point.date), y: scale.y(point.p10) })),
  ];
  const meanLine = (season: TimeseriesSeason) =>
    pathOf(season.points.map((point) => ({ x: scale.x(season, point.date), y: scale.y(point.mean) })));

  const move = (event: KeyboardEvent, index: number) => {
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: points.length - 1 }[event.key];
    const point = points[index];
    if (point && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      onPick(point.date);
      return;
    }
    if (next === undefined) return;
    event.preventDefault();
    const target = Math.min(points.length - 1, Math.max(0, next));
    setFocus(target);
    refs.current[target]?.focus();
  };

  const pick = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    const point = pointAt(
      points,
      ((event.clientX - box.left) * WIDTH) / box.width,
      ((event.clientY - box.top) * HEIGHT) / box.height,
    );
    if (point) onPick(point.date);
  };

  return (
    // Pointer users click anywhere near a point; keyboard users reach every point as a button.
    <svg
      className={styles.chart}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="group"
      aria-label={`${data.algorithm} across the season`}
      onClick={pick}
    >
      <text x={4} y={PAD.top + 8} className={styles.axisText}>
        {legendFigure(scale.high)}
      </text>
      <text x={4} y={HEIGHT - PAD.bottom} className={styles.axisText}>
        {legendFigure(scale.low)}
      </text>
      <text x={PAD.left} y={HEIGHT - 4} className={styles.axisText}>
        {dateLabel(current.start_date)}
      </text>
      <text x={WIDTH - PAD.right} y={HEIGHT - 4} textAnchor="end" className={styles.axisText}>
        {dateLabel(current.end_date)}
      </text>
      {band.length > 2 && <path d={`${pathOf(band)} Z`} className={styles.band} />}
      <path d={meanLine(previous)} className={styles.previousLine} />
      <path d={meanLine(current)} className={styles.currentLine} />
      {points.map((point, index) => (
        <g
          key={`${point.season}-${point.date}`}
          ref={(element) => {
            refs.current[index] = element;
          }}
          role="button"
          tabIndex={index === focus ? 0 : -1}
          aria-label={point.label}
          aria-pressed={point.date === selectedDate}
          className={styles.point}
          data-season={point.season}
          onKeyDown={(event) => move(event, index)}
          onFocus={() => setFocus(index)}
        >
          <circle cx={point.x} cy={point.y} r={point.date === selectedDate ? 5 : 3.5} />
        </g>
      ))}
    </svg>
  );
}
