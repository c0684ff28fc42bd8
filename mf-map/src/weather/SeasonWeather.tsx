import { useId, useMemo, useState } from 'react';
import type { FieldFeature } from '@paddock/shared/contracts';
import { errorMessage } from '@paddock/shared/api-client';
import { formatDate } from '@paddock/shared/format';
import { downloadBlob, Spinner } from '@paddock/shared/ui';
import { useMapArea } from '../context';
import type { TimeseriesAlgorithm } from '../api/imageryApi';
import { buildSeasonChart, previousSeasonOf, type Alignment } from './seasonChart';
import { SeasonWeatherChart } from './SeasonWeatherChart';
import { useSeasonWeather } from './useSeasonWeather';
import { degrees, frostWords, gddMethodWords, mm, statusWords } from './weatherWords';
import styles from './weather.module.css';

const todayIso = () => new Date().toISOString().slice(0, 10);

interface Props {
  field: FieldFeature;
  algorithm: TimeseriesAlgorithm;
}

/**
 * The season's weather under the field's index chart (issue 29): rain, temperature, frost and growing
 * degree days from sowing on the index's time axis, this season beside last (by calendar date or by
 * days after sowing), the totals, where the weather comes from and how old it is, and a CSV download.
 */
export function SeasonWeather({ field, algorithm }: Props) {
  const state = useSeasonWeather(field, algorithm);
  const { seasons: api, bus } = useMapArea();
  const [alignment, setAlignment] = useState<Alignment>('calendar');
  const [downloading, setDownloading] = useState(false);
  const groupName = useId();
  const today = todayIso();
  const model = useMemo(() => {
    if (state.status !== 'success') return null;
    const [series, seasons, weather] = state.data;
    const current = seasons.find((season) => season.current) ?? null;
    return buildSeasonChart({
      series,
      days: weather.days,
      current,
      previous: previousSeasonOf(seasons),
      alignment,
      today,
    });
  }, [state, alignment, today]);

  if (state.status === 'pending') return <Spinner label="Loading the season's weather" />;
  if (state.status === 'error') {
    return (
      <p className={styles.note} role="alert">
        {state.message}{' '}
        <button type="button" className={styles.textButton} onClick={state.retry}>
          Try again
        </button>
      </p>
    );
  }
  const [series, seasons, weather] = state.data;
  const current = seasons.find((season) => season.current) ?? null;
  const csvAlgorithm = algorithm === 'NDRE' ? 'NDRE' : 'NDVI';
  const saveCsv = async () => {
    setDownloading(true);
    try {
      downloadBlob(await api.seasonCsv(field.id, csvAlgorithm), `${field.properties.field_name} season.csv`);
    } catch (error) {
      bus.toast('error', errorMessage(error, 'The season could not be downloaded. Please try again.'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className={styles.seasonWeather} data-testid="season-weather" aria-live="polite">
      <fieldset className={styles.toggle}>
        <legend className={styles.toggleLegend}>Line up the seasons by</legend>
        {(
          [
            ['calendar', 'Calendar date'],
            ['sowing', 'Days after sowing'],
          ] as const
        ).map(([value, text]) => (
          <label key={value} className={styles.toggleOption}>
            <input
              type="radio"
              name={groupName}
              value={value}
              checked={alignment === value}
              onChange={() => setAlignment(value)}
            />
            <span>{text}</span>
          </label>
        ))}
      </fieldset>
      {weather.days.length === 0 ? (
        <p className={styles.note}>{statusWords(weather)}</p>
      ) : (
        model && (
          <>
            <SeasonWeatherChart model={model} algorithm={series.algorithm} today={today} />
            <p className={styles.key}>
              <span className={styles.keyCurrent}>This season</span>
              <span className={styles.keyPrevious}>Last season</span>
              <span className={styles.keyRain}>Rain so far</span>
              <span className={styles.keyFrost}>Frost</span>
            </p>
            <dl className={styles.figures} data-testid="season-figures">
              <div>
                <dt>{current?.sowing_date ? 'Rain since sowing' : 'Rain this season'}</dt>
                <dd>{mm(model.figures.rain)}</dd>
              </div>
              <div>
                <dt>Growing degree days</dt>
                <dd>{model.figures.gdd === null ? 'Set a sowing date' : `${Math.round(model.figures.gdd)} °C·d`}</dd>
              </div>
              <div>
                <dt>Frost days</dt>
                <dd>{model.figures.frostDays}</dd>
              </div>
              {model.previousFigures && (
                <div>
                  <dt>Last season, same stage</dt>
                  <dd>
                    {mm(model.previousFigures.rain)}
                    {model.previousFigures.gdd !== null ? `, ${Math.round(model.previousFigures.gdd)} °C·d` : ''}
                  </dd>
                </div>
              )}
            </dl>
            {alignment === 'sowing' && !model.anchors.currentIsSowing && (
              <p className={styles.note}>
                This season has no sowing date yet, so it starts on {formatDate(model.anchors.current)}.
              </p>
            )}
            <p className={styles.note}>
              {current?.crop ? `${current.crop}` : 'No crop set'}
              {current?.sowing_date ? `, sown ${formatDate(current.sowing_date)}` : ''}.{' '}
              {gddMethodWords(model.figures.baseC)} {frostWords}
            </p>
          </>
        )
      )}
      <p className={styles.note} data-status={weather.status} data-testid="weather-status">
        {statusWords(weather)}
        {weather.days.length > 0 && weather.days.at(-1)?.forecast && ' Pale bars are the forecast.'}
        {weather.days.length > 0 &&
          ` Latest: ${degrees(weather.days.filter((d) => !d.forecast).at(-1)?.tmax ?? 0)} max.`}
      </p>
      {weather.attribution && (
        <p className={styles.attribution}>
          Weather: {weather.attribution.text} ·{' '}
          {weather.attribution.licence_url ? (
            <a href={weather.attribution.licence_url} target="_blank" rel="noreferrer">
              {weather.attribution.licence}
            </a>
          ) : (
            weather.attribution.licence
          )}
        </p>
      )}
      <button type="button" className={styles.csvButton} onClick={() => void saveCsv()} disabled={downloading}>
        {downloading ? 'Preparing the CSV…' : 'Download season CSV'}
      </button>
    </div>
  );
}
