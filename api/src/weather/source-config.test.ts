import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { EmbeddedWeatherSource } from './embedded';
import { OpenMeteoWeatherSource } from './open-meteo';
import { SiloWeatherSource } from './silo';
import { createWeatherSource } from './source-config';

const apiRoot = path.resolve(__dirname, '..', '..');

describe('weather configuration', () => {
  it('uses the embedded source by default, refreshed after six hours', () => {
    const { weather } = loadConfig({}, apiRoot);
    expect(weather).toEqual({ source: { kind: 'embedded' }, maxAgeMs: 6 * 3_600_000 });
    expect(createWeatherSource(weather.source)).toBeInstanceOf(EmbeddedWeatherSource);
  });

  it('switches to SILO or Open-Meteo by configuration only', () => {
    const silo = loadConfig({ WEATHER_SOURCE: 'silo', SILO_USERNAME: 'farmer@example.com' }, apiRoot).weather;
    expect(silo.source).toEqual({
      kind: 'silo',
      url: 'https://www.longpaddock.qld.gov.au/cgi-bin/silo/DataDrillDataset.php',
      username: 'farmer@example.com',
    });
    expect(createWeatherSource(silo.source)).toBeInstanceOf(SiloWeatherSource);
    const openMeteo = loadConfig(
      { WEATHER_SOURCE: 'open-meteo', OPEN_METEO_FORECAST_URL: 'http://127.0.0.1:9/forecast' },
      apiRoot,
    ).weather;
    expect(openMeteo.source).toEqual({
      kind: 'open-meteo',
      archiveUrl: 'https://archive-api.open-meteo.com/v1/archive',
      forecastUrl: 'http://127.0.0.1:9/forecast',
    });
    expect(createWeatherSource(openMeteo.source)).toBeInstanceOf(OpenMeteoWeatherSource);
  });

  it('refuses SILO without a username, and an unknown source, with a clear message', () => {
    expect(() => loadConfig({ WEATHER_SOURCE: 'silo' }, apiRoot)).toThrow(
      new ConfigError(
        'Invalid api configuration: WEATHER_SOURCE=silo needs SILO_USERNAME (the e-mail address SILO knows you by)',
      ),
    );
    expect(() => loadConfig({ WEATHER_SOURCE: 'bom' }, apiRoot)).toThrow(/WEATHER_SOURCE/);
  });
});
