import { formatDate } from '@paddock/shared/format';
import type { SeasonChartModel } from './seasonChart';
import styles from './weather.module.css';

const WIDTH = 320;
const LEFT = 34;
const RIGHT = 30;
const PANEL = { index: 64, rain: 56, temperature: 56, gdd: 44 } as const;
const GAP = 14;
const TOP = 10;

type PanelName = keyof typeof PANEL;
const ORDER: PanelName[] = ['index', 'rain', 'temperature', 'gdd'];
const panelTop = (name: PanelName) =>
  TOP + ORDER.slice(0, ORDER.indexOf(name)).reduce((sum, key) => sum + PANEL[key] + GAP, 0);
const HEIGHT = panelTop('gdd') + PANEL.gdd + 18;

const pathOf = (points: readonly { x: number; y: number }[]) =>
  points
    .filter((p) => Number.isFinite(p.y))
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`)
    .join(' ');

function range(values: readonly number[], floor?: number): { low: number; high: number } {
  const finite = values.filter(Number.isFinite);
  let low = finite.length ? Math.min(...finite) : 0;
  const high = finite.length ? Math.max(...finite) : 1;
  if (floor !== undefined) low = Math.min(low, floor);
  return { low, high: high === low ? low + 1 : high };
}

interface Props {
  model: SeasonChartModel;
  algorithm: string;
  today: string;
}

/**
 * This season's index beside last season's, above its daily rain (bars, forecast paler) with the rain
 * so far, the day's minimum–maximum temperature with frost days marked, and growing degree days from
 * sowing, all on one time axis (days from each season's anchor: its first day, or its sowing date).
 */
export function SeasonWeatherChart({ model, algorithm, today }: Props) {
  const x = (day: number) => LEFT + (day / model.length) * (WIDTH - LEFT - RIGHT);
  const scaleIn =
    (name: PanelName, { low, high }: { low: number; high: number }) =>
    (value: number) =>
      panelTop(name) + (1 - (value - low) / (high - low)) * PANEL[name];

  const indexRange = range([...model.index.current, ...model.index.previous].map((p) => p.value));
  const yIndex = scaleIn('index', indexRange);
  const rainMax = Math.max(10, ...model.weather.map((d) => d.rain));
  const yRain = scaleIn('rain', { low: 0, high: rainMax });
  const soFarMax = Math.max(10, ...model.weather.map((d) => (Number.isFinite(d.rainSoFar) ? d.rainSoFar : 0)));
  const ySoFar = scaleIn('rain', { low: 0, high: soFarMax });
  const tempRange = range(
    model.weather.flatMap((d) => [d.tmin, d.tmax]),
    0,
  );
  const yTemp = scaleIn('temperature', tempRange);
  const gddMax = Math.max(100, ...model.weather.map((d) => d.gdd ?? 0));
  const yGdd = scaleIn('gdd', { low: 0, high: gddMax });
  const barWidth = Math.max(0.6, (WIDTH - LEFT - RIGHT) / model.length - 0.3);
  const todayDay = model.weather.find((d) => d.date === today)?.day;

  const label = (name: PanelName, text: string, right?: string) => (
    <>
      <text x={LEFT} y={panelTop(name) - 3} className={styles.panelTitle}>
        {text}
      </text>
      {right && (
        <text x={WIDTH - RIGHT + 2} y={panelTop(name) - 3} className={styles.axisText}>
          {right}
        </text>
      )}
    </>
  );

  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`${algorithm}, rain, temperature and growing degree days across the season`}
      data-testid="season-weather-chart"
    >
      {/* Index: this season and last, on the same axis */}
      {label('index', `${algorithm}`)}
      <text x={4} y={panelTop('index') + 8} className={styles.axisText}>
        {indexRange.high.toFixed(2)}
      </text>
      <text x={4} y={panelTop('index') + PANEL.index} className={styles.axisText}>
        {indexRange.low.toFixed(2)}
      </text>
      <path
        d={pathOf(model.index.previous.map((p) => ({ x: x(p.day), y: yIndex(p.value) })))}
        className={styles.previousLine}
        data-testid="index-previous"
      />
      <path
        d={pathOf(model.index.current.map((p) => ({ x: x(p.day), y: yIndex(p.value) })))}
        className={styles.currentLine}
        data-testid="index-current"
      />

      {/* Rain: daily bars and the season's total so far */}
      {label('rain', 'Rain (mm/day)', `${Math.round(soFarMax)}`)}
      <text x={4} y={panelTop('rain') + 8} className={styles.axisText}>
        {Math.round(rainMax)}
      </text>
      <g data-testid="rain-bars">
        {model.weather
          .filter((d) => d.rain > 0)
          .map((d) => (
            <rect
              key={d.date}
              x={x(d.day) - barWidth / 2}
              y={yRain(d.rain)}
              width={barWidth}
              height={panelTop('rain') + PANEL.rain - yRain(d.rain)}
              className={d.forecast ? styles.rainForecast : styles.rainBar}
            />
          ))}
      </g>
      <path
        d={pathOf(model.weather.filter((d) => !d.forecast).map((d) => ({ x: x(d.day), y: ySoFar(d.rainSoFar) })))}
        className={styles.rainLine}
        data-testid="rain-cumulative"
      />

      {/* Temperature: min–max per day, 0 °C, frost days marked */}
      {label('temperature', 'Min–max temperature (°C)')}
      <text x={4} y={panelTop('temperature') + 8} className={styles.axisText}>
        {Math.round(tempRange.high)}
      </text>
      <text x={4} y={panelTop('temperature') + PANEL.temperature} className={styles.axisText}>
        {Math.round(tempRange.low)}
      </text>
      <line x1={LEFT} x2={WIDTH - RIGHT} y1={yTemp(0)} y2={yTemp(0)} className={styles.zeroLine} />
      <g data-testid="temperature">
        {model.weather.map((d) => (
          <line
            key={d.date}
            x1={x(d.day)}
            x2={x(d.day)}
            y1={yTemp(d.tmin)}
            y2={yTemp(d.tmax)}
            className={d.forecast ? styles.tempForecast : styles.tempRange}
          />
        ))}
      </g>
      <g data-testid="frost-days">
        {model.weather
          .filter((d) => !d.forecast && d.tmin <= 2)
          .map((d) => (
            <circle key={d.date} cx={x(d.day)} cy={yTemp(d.tmin)} r={1.6} className={styles.frost} />
          ))}
      </g>

      {/* Growing degree days from sowing */}
      {label('gdd', 'Growing degree days from sowing', `${Math.round(gddMax)}`)}
      <path
        d={pathOf(model.weather.filter((d) => d.gdd !== null).map((d) => ({ x: x(d.day), y: yGdd(d.gdd as number) })))}
        className={styles.gddLine}
        data-testid="gdd-line"
      />

      {todayDay !== undefined && (
        <line
          x1={x(todayDay)}
          x2={x(todayDay)}
          y1={TOP}
          y2={panelTop('gdd') + PANEL.gdd}
          className={styles.todayLine}
        />
      )}
      <text x={LEFT} y={HEIGHT - 4} className={styles.axisText}>
        {model.alignment === 'sowing' && model.anchors.currentIsSowing
          ? `Sown ${formatDate(model.anchors.current)}`
          : formatDate(model.anchors.current)}
      </text>
      <text x={WIDTH - RIGHT} y={HEIGHT - 4} textAnchor="end" className={styles.axisText}>
        {model.alignment === 'sowing' ? `day ${model.length}` : `+${model.length} days`}
      </text>
    </svg>
  );
}
