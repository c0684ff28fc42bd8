import { Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { recentFigures } from '@paddock/shared/agronomy';
import { errorMessage } from '@paddock/shared/api-client';
import { queryKeys, useQuery } from '@paddock/shared/query';
import { formatDate } from '@paddock/shared/format';
import { Spinner } from '@paddock/shared/ui';
import type { WeatherResponse } from '@paddock/shared/contracts';
import { ControlGroup, ControlTrigger } from '../controls/ControlButton';
import { useMapArea } from '../context';
import { REFRESH_POLL_MS } from './useSeasonWeather';
import { degrees, frostWords, mm, statusWords } from './weatherWords';
import styles from './weather.module.css';

const todayIso = () => new Date().toISOString().slice(0, 10);

/** The farm's weather from the api's cache (last 30 days and next 7), polled while a refresh runs. */
export function useFarmWeather(farmId: string) {
  const { seasons } = useMapArea();
  return useQuery({
    queryKey: queryKeys.weather.farm(farmId, {}),
    queryFn: () => seasons.farmWeather(farmId),
    refetchInterval: (query) => (query.state.data?.status === 'refreshing' ? REFRESH_POLL_MS : false),
  });
}

function Period({ title, weather, days }: { title: string; weather: WeatherResponse; days: number }) {
  const figures = recentFigures(weather.days, todayIso(), days);
  return (
    <section>
      <h3>{title}</h3>
      <dl className={styles.figures}>
        <div>
          <dt>Rain</dt>
          <dd>{mm(figures.rain)}</dd>
        </div>
        <div>
          <dt>Frost days</dt>
          <dd>{figures.frostDays}</dd>
        </div>
        <div>
          <dt>Lowest</dt>
          <dd>{figures.lowest === null ? '–' : degrees(figures.lowest)}</dd>
        </div>
        <div>
          <dt>Highest</dt>
          <dd>{figures.highest === null ? '–' : degrees(figures.highest)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The panel's contents: the last 7 and 30 days, the next 7 (with a forecasting source), source and age. */
export function FarmWeatherPanel({ farmId }: { farmId: string }) {
  const query = useFarmWeather(farmId);
  if (query.isError && !query.isFetching) {
    return (
      <p className={styles.note} role="alert">
        {errorMessage(query.error, "This farm's weather could not be loaded.")}{' '}
        <button type="button" className={styles.textButton} onClick={() => void query.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  if (!query.data) return <Spinner label="Loading the weather" />;
  const weather = query.data;
  const today = todayIso();
  const next = weather.days.filter((day) => day.forecast && day.date > today).slice(0, 7);
  return (
    <div data-testid="farm-weather">
      {weather.days.length === 0 ? (
        <p className={styles.note}>{statusWords(weather)}</p>
      ) : (
        <>
          <div className={styles.periods}>
            <Period title="Last 7 days" weather={weather} days={7} />
            <Period title="Last 30 days" weather={weather} days={30} />
          </div>
          <h3 className={styles.panelHeading}>Next 7 days</h3>
          {weather.has_forecast && next.length > 0 ? (
            <ol className={styles.forecast} aria-label="Forecast for the next 7 days">
              {next.map((day) => (
                <li
                  key={day.date}
                  aria-label={`${formatDate(day.date)}: ${mm(day.rain)} rain, ${day.tmin}–${day.tmax} °C`}
                >
                  <strong>{formatDate(day.date).split(' ').slice(0, 2).join(' ')}</strong>
                  <span>{mm(day.rain)}</span>
                  <span>
                    {Math.round(day.tmin)}–{Math.round(day.tmax)}°
                  </span>
                </li>
              ))}
            </ol>
          ) : (
            <p className={styles.note}>This weather source has no forecast.</p>
          )}
          <p className={styles.note}>{frostWords}</p>
        </>
      )}
      <p className={styles.note} data-status={weather.status}>
        {statusWords(weather)}. Grid cell {weather.location.lat.toFixed(2)}, {weather.location.lon.toFixed(2)}.
      </p>
      {weather.attribution && (
        <p className={styles.attribution}>
          Weather: {weather.attribution.text} · {weather.attribution.licence}
        </p>
      )}
    </div>
  );
}

/** A map control that opens the farm's weather. */
export function FarmWeatherControl({ farmId }: { farmId: string }) {
  return (
    <ControlGroup label="Weather">
      <DialogTrigger>
        <ControlTrigger icon="cloud" label="Farm weather" testId="farm-weather-button" />
        <Popover placement="left top" className={styles.farmPanel}>
          <Dialog aria-labelledby={`${farmId}-weather`}>
            <Heading slot="title" id={`${farmId}-weather`}>
              Weather on this farm
            </Heading>
            <FarmWeatherPanel farmId={farmId} />
          </Dialog>
        </Popover>
      </DialogTrigger>
    </ControlGroup>
  );
}
