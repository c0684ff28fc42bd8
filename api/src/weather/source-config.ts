import { EmbeddedWeatherSource } from './embedded';
import { OpenMeteoWeatherSource, type OpenMeteoConfig } from './open-meteo';
import { SiloWeatherSource, type SiloConfig } from './silo';
import type { WeatherSource } from './source';

/** Which weather source the cache fills from (`WEATHER_SOURCE`), as plain data. */
export type WeatherSourceConfig =
  { kind: 'embedded' } | ({ kind: 'silo' } & SiloConfig) | ({ kind: 'open-meteo' } & OpenMeteoConfig);

export function createWeatherSource(config: WeatherSourceConfig): WeatherSource {
  switch (config.kind) {
    case 'embedded':
      return new EmbeddedWeatherSource();
    case 'silo': {
      const { kind: _kind, ...silo } = config;
      return new SiloWeatherSource(silo);
    }
    case 'open-meteo': {
      const { kind: _kind, ...openMeteo } = config;
      return new OpenMeteoWeatherSource(openMeteo);
    }
  }
}
