import { boxPolygon } from '../geo/geometry';
import { addDays, IMAGERY_ARCHIVE_START, maxDate, todayUtc } from '../imagery/dates';
import { stretchRange } from '../imagery/palettes';
import type { ImageryField, ImageryService } from '../imagery/service';
import type { Capture } from '../imagery/source';
import { LruCache } from '../imagery/lru';

/**
 * The embedded base map (ARCHITECTURE §5): true colour from the imagery source, the same engine and
 * renderer as the COLOUR layer but not clipped to the fields, from the latest clear capture around
 * the farm. With the Sentinel-2 source it is real satellite imagery.
 */

/** How far back the latest clear capture is looked for: the last 60 days, else the last year, else the archive. */
export const BASEMAP_SEARCH_DAYS = [60, 365, null] as const;
/** A capture this clear (cloud % measured over the area) is taken; else the clearest of the period. */
export const BASEMAP_CLEAR_PERCENT = 5;
/** Where a farm has no fields yet, the capture is chosen per tile of this zoom (about 150 km). */
export const BASEMAP_CELL_ZOOM = 8;
/** A chosen capture is kept this long (a newer clear one appears every few days at most). */
const CHOICE_TTL_MS = 30 * 60_000;
const MAX_CHOICES = 2_000;

const tileToLon = (x: number, z: number) => (x / 2 ** z) * 360 - 180;
const tileToLat = (y: number, z: number) => {
  const n = Math.PI - (2 * Math.PI * y) / 2 ** z;
  return (180 / Math.PI) * Math.atan(Math.sinh(n));
};

/** The area whose captures decide a tile's date, when the farm has no fields: its cell at BASEMAP_CELL_ZOOM. */
export function cellAoi(z: number, x: number, y: number): ImageryField {
  const shift = Math.max(0, z - BASEMAP_CELL_ZOOM);
  const cz = Math.min(z, BASEMAP_CELL_ZOOM);
  const cx = x >> shift;
  const cy = y >> shift;
  const west = tileToLon(cx, cz);
  const east = tileToLon(cx + 1, cz);
  const north = tileToLat(cy, cz);
  const south = tileToLat(cy + 1, cz);
  const geometry = boxPolygon([west, south, east, north]);
  return {
    fieldId: `basemap:${cz}/${cx}/${cy}`,
    farmId: '',
    cropType: null,
    geometry,
    bbox: [west, south, east, north],
    version: 'cell',
  };
}

/** The latest capture at most BASEMAP_CLEAR_PERCENT cloudy, else the clearest one; null when there is none. */
export function pickClearCapture(found: readonly { capture: Capture; cloudPercent: number }[]): Capture | null {
  const newestFirst = [...found].sort((a, b) => b.capture.date.localeCompare(a.capture.date));
  const clear = newestFirst.find((entry) => entry.cloudPercent <= BASEMAP_CLEAR_PERCENT);
  if (clear) return clear.capture;
  let best: { capture: Capture; cloudPercent: number } | null = null;
  for (const entry of newestFirst) if (!best || entry.cloudPercent < best.cloudPercent) best = entry;
  return best?.capture ?? null;
}

export class EmbeddedBasemap {
  private readonly choices = new LruCache<string, { at: number; capture: Promise<Capture | null> }>(MAX_CHOICES);

  constructor(private readonly imagery: ImageryService) {}

  /** The capture the base map shows over `aoi` (cached; forgotten when the lookup fails). */
  captureFor(aoiKey: string, aoi: readonly ImageryField[], today = todayUtc()): Promise<Capture | null> {
    const cached = this.choices.get(aoiKey);
    if (cached && Date.now() - cached.at < CHOICE_TTL_MS) return cached.capture;
    const capture = (async () => {
      for (const days of BASEMAP_SEARCH_DAYS) {
        const from = days === null ? IMAGERY_ARCHIVE_START : maxDate(addDays(today, 1 - days), IMAGERY_ARCHIVE_START);
        const found = pickClearCapture(await this.imagery.catalog(aoi, 'standard', from, today));
        if (found) return found;
      }
      return null;
    })();
    this.choices.set(aoiKey, { at: Date.now(), capture });
    capture.catch(() => this.choices.delete(aoiKey));
    return capture;
  }

  /** A 256×256 PNG of true colour on `capture`; `fields` are the farm's (the simulated source draws their crops). */
  tile(
    cacheKey: string,
    capture: Capture,
    fields: readonly ImageryField[],
    z: number,
    x: number,
    y: number,
  ): Promise<Uint8Array> {
    return this.imagery.tile(
      cacheKey,
      {
        fields,
        regionFields: fields,
        capture,
        algorithm: 'COLOUR',
        valueRange: stretchRange('COLOUR', 'fixed', null),
        unclipped: true,
        z,
        x,
        y,
      },
      'background',
    );
  }
}
