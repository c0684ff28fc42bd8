import { addDays, dateOf, dateOfDay, dayNumber, dayOfYear, IMAGERY_ARCHIVE_START, maxDate } from '../dates';
import { rasteriseFields } from '../rasterise';
import {
  pixelClass,
  type BandName,
  type EmSurveyWindow,
  type Capture,
  type FieldAoi,
  type ImagerySource,
  type RasterRead,
  type RasterWindow,
  type SourceLayer,
} from '../source';
import { fbm, uniform } from './noise';
import { NoiseGrid } from './noise-grid';
import { backgroundGreen, canopyOf, cropGroup, fieldSeedOf } from './phenology';
import { cloudCoverOf, cloudField, cloudSeedOf, cloudThreshold, SHADOW_OFFSET_M } from './weather';

/**
 * The default imagery source: Sentinel-2-like pixels made up from the field, the day and the place,
 * identical on every call. Soil variability is fractal noise over ground metres (the same on every
 * date, seamless across tiles); crops follow their Australian season; each capture day has its own
 * clouds and their shadows. The standard layer covers everything (fields and the land around them),
 * high_res only fields with a completed order on that day, sensor_em only fields (Rapid-EM drives the paddock).
 */

/** Capture days are this day plus multiples of the revisit, so every field shares them. */
const REVISIT_EPOCH = '2019-01-02';
const REVISIT_DAYS = 5;
/** Rapid-EM surveys: four weekly windows from the first Monday of February each year. */
const EM_WINDOWS = 4;
const EM_SURVEY_MONTH = 2;

const RESOLUTION_M: Record<SourceLayer, number> = { standard: 10, high_res: 0.8, sensor_em: 5 };
const SOURCE_LABEL: Record<SourceLayer, string> = {
  standard: 'SIMULATED SENTINEL-2',
  high_res: 'SIMULATED HIGH-RES',
  sensor_em: 'SIMULATED RAPID-EM',
};
const ID_PREFIX: Record<SourceLayer, string> = { standard: 'sim-s2', high_res: 'sim-hr', sensor_em: 'sim-em' };

const BANDS_BY_LAYER: Record<SourceLayer, readonly BandName[]> = {
  standard: ['B02', 'B03', 'B04', 'B05', 'B08', 'B11', 'THERMAL'],
  high_res: ['B02', 'B03', 'B04', 'B08'],
  sensor_em: ['EM_SHALLOW', 'EM_DEEP'],
};

const SOIL_SEED = 0x50115eed;
const DEEP_SEED = 0x0dee9501;
const LAND_SEED = 0x1a4dc0fe;

/** Surface reflectance (B02, B03, B04, B05, B08, B11) of the three things a pixel is a mix of. */
const REFLECTANCE_BANDS = ['B02', 'B03', 'B04', 'B05', 'B08', 'B11'] as const;
const BARE_SOIL = [0.085, 0.115, 0.155, 0.19, 0.245, 0.33];
const GREEN_CANOPY = [0.028, 0.065, 0.032, 0.125, 0.46, 0.19];
const DRY_CANOPY = [0.1, 0.135, 0.18, 0.225, 0.3, 0.385];
const CLOUD_TOP = [0.52, 0.53, 0.55, 0.56, 0.58, 0.42];
const SHADOW_DIMMING = 0.35;

/** Capture of `layer` on `date` (a Rapid-EM window's first day; it ends on `endDate`, else a week later). */
function captureOn(layer: SourceLayer, date: string, endDate?: string): Capture {
  return {
    id: `${ID_PREFIX[layer]}:${date}`,
    layer,
    date,
    ...(layer === 'sensor_em' ? { endDate: endDate ?? addDays(date, 6) } : {}),
    resolutionM: RESOLUTION_M[layer],
    sourceLabel: SOURCE_LABEL[layer],
  };
}

/** The first Monday of `month` in `year`. */
function firstMonday(year: number, month: number): string {
  const first = dateOf(year, month, 1);
  const weekday = (dayNumber(first) + 4) % 7; // 1970-01-01 was a Thursday; 0 = Sunday.
  return addDays(first, (8 - weekday) % 7);
}

function revisitDays(from: string, to: string): string[] {
  const epoch = dayNumber(REVISIT_EPOCH);
  const start = dayNumber(maxDate(from, IMAGERY_ARCHIVE_START));
  const end = dayNumber(to);
  const days: string[] = [];
  let day = end - ((((end - epoch) % REVISIT_DAYS) + REVISIT_DAYS) % REVISIT_DAYS);
  for (; day >= start; day -= REVISIT_DAYS) days.push(dateOfDay(day));
  return days;
}

/**
 * The built-in sample survey: four weekly windows (Monday to Sunday) from the first Monday of
 * February of each year between `from` and `to`, newest first. Seeds and tests give fields these.
 */
export function sampleEmWindows(from: string, to: string): EmSurveyWindow[] {
  return emWindowStarts(from, to).map((start) => ({ start, end: addDays(start, 6) }));
}

/** The fields' survey windows that start between `from` and `to`, newest first (one per first day, the longest). */
function surveyedWindows(fields: readonly FieldAoi[], from: string, to: string): EmSurveyWindow[] {
  const byStart = new Map<string, string>();
  for (const { start, end } of fields.flatMap((field) => field.emSurveys ?? [])) {
    if (start < from || start > to) continue;
    const known = byStart.get(start);
    if (!known || end > known) byStart.set(start, end);
  }
  return [...byStart].sort(([a], [b]) => (a < b ? 1 : -1)).map(([start, end]) => ({ start, end }));
}

function emWindowStarts(from: string, to: string): string[] {
  const starts: string[] = [];
  const first = Math.max(Number(IMAGERY_ARCHIVE_START.slice(0, 4)), Number(from.slice(0, 4)));
  for (let year = Number(to.slice(0, 4)); year >= first; year -= 1) {
    const survey = firstMonday(year, EM_SURVEY_MONTH);
    for (let week = EM_WINDOWS - 1; week >= 0; week -= 1) {
      const start = addDays(survey, week * 7);
      // A window is found by its first day (the catalog's date and the statistics' latest_capture_date).
      if (start >= from && start <= to) starts.push(start);
    }
  }
  return starts;
}

/** Per-field values that hold for the whole read, indexed by label (1 + field index). */
interface FieldParams {
  green: Float64Array;
  cover: Float64Array;
  vigour: Float64Array;
  /** 1 where the layer has pixels for the field on this capture. */
  covered: Uint8Array;
}

function fieldParams(fields: readonly FieldAoi[], capture: Capture): FieldParams {
  const size = fields.length + 1;
  const params: FieldParams = {
    green: new Float64Array(size),
    cover: new Float64Array(size),
    vigour: new Float64Array(size),
    covered: new Uint8Array(size),
  };
  fields.forEach((field, index) => {
    const seed = fieldSeedOf(field.fieldId);
    const canopy = canopyOf(cropGroup(field.cropType), capture.date, seed);
    params.green[index + 1] = canopy.green;
    params.cover[index + 1] = canopy.cover;
    params.vigour[index + 1] = (uniform(7, 7, seed) - 0.5) * 0.2;
    params.covered[index + 1] =
      capture.layer === 'high_res'
        ? Number((field.highResDates ?? []).includes(capture.date))
        : capture.layer === 'sensor_em'
          ? Number((field.emSurveys ?? []).some((survey) => survey.start === capture.date))
          : 1;
  });
  return params;
}

/** The smooth noise fields a read samples: wavelength and octaves, and the lattice spacing they are sampled at (a fraction of the finest octave). */
const SOIL_NOISE = { wavelength: 900, octaves: 4, spacing: 20, seed: SOIL_SEED };
const DEEP_NOISE = { wavelength: 1600, octaves: 3, spacing: 40, seed: DEEP_SEED };
const LAND_NOISE = { wavelength: 2600, octaves: 3, spacing: 80, seed: LAND_SEED };
const CLOUD_SPACING = 100;

interface NoiseGrids {
  soil?: NoiseGrid;
  deep?: NoiseGrid;
  land?: NoiseGrid;
  cloud?: NoiseGrid;
}

/**
 * The simulated ground: web mercator metres scaled to true metres at the latitude of the southern
 * cropping belt. A fixed scale (rather than one per latitude) keeps the pattern isotropic, free of
 * shear and seamless across tiles; elsewhere a "10 m" pixel is a little larger or smaller.
 */
const GROUND_PER_MERCATOR = Math.cos((35 * Math.PI) / 180);

/** The ground box (x east, y north) a window covers, plus `margin`. */
function groundBox(window: RasterWindow, margin: number) {
  const [minX, minY, maxX, maxY] = window.bbox;
  return {
    minX: minX * GROUND_PER_MERCATOR - margin,
    maxX: maxX * GROUND_PER_MERCATOR + margin,
    minY: minY * GROUND_PER_MERCATOR - margin,
    maxY: maxY * GROUND_PER_MERCATOR + margin,
  };
}

/**
 * The noise fields a read needs, sampled over its window. Lattices are never finer than half a
 * window pixel, so a zoomed-out read costs about as much as a zoomed-in one.
 */
/** Date-independent noise lattices kept per window (a few windows' worth; oldest dropped first). */
const STABLE_GRIDS_KEPT = 12;
const stableGrids = new Map<string, NoiseGrid>();

function noiseGrids(
  window: RasterWindow,
  res: number,
  wants: { soil: boolean; deep: boolean; land: boolean; cloudSeed: number | null },
): NoiseGrids {
  const [minX, , maxX] = window.bbox;
  const pixelGround = ((maxX - minX) / window.width) * GROUND_PER_MERCATOR;
  const grid = (noise: { wavelength: number; octaves: number; spacing: number; seed: number }) => {
    const spacing = Math.max(noise.spacing, pixelGround / 2);
    const box = groundBox(window, 2 * res + spacing);
    // The soil, deep and land fields do not change with the date: a window read again (every capture
    // of a season, in a productivity zoning) reuses its lattice. Same values, computed once.
    const key = `${noise.seed}|${spacing}|${box.minX}|${box.minY}|${box.maxX}|${box.maxY}`;
    const known = stableGrids.get(key);
    if (known) return known;
    const made = new NoiseGrid((x, y) => fbm(x, y, noise.wavelength, noise.octaves, noise.seed), spacing, box);
    stableGrids.set(key, made);
    if (stableGrids.size > STABLE_GRIDS_KEPT) stableGrids.delete(stableGrids.keys().next().value as string);
    return made;
  };
  const grids: NoiseGrids = {};
  if (wants.soil) grids.soil = grid(SOIL_NOISE);
  if (wants.deep) grids.deep = grid(DEEP_NOISE);
  if (wants.land) grids.land = grid(LAND_NOISE);
  if (wants.cloudSeed !== null) {
    const seed = wants.cloudSeed;
    const spacing = Math.max(CLOUD_SPACING, pixelGround / 2);
    const box = groundBox(window, 2 * res + spacing);
    // Shadows look up the cloud field towards the sun, so the lattice reaches that far too.
    box.maxX += SHADOW_OFFSET_M.east;
    box.maxY += SHADOW_OFFSET_M.north;
    grids.cloud = new NoiseGrid((x, y) => cloudField(x, y, seed), spacing, box);
  }
  return grids;
}

/** Which of the survey's weekly windows (0–3) starts on `date`. */
/** The week (0–3) of a survey window in the sample's four-week cycle: soil moisture drifts week to week. */
const emWeekOf = (date: string): number => {
  const week = Math.round((dayNumber(date) - dayNumber(firstMonday(Number(date.slice(0, 4)), EM_SURVEY_MONTH))) / 7);
  return ((week % EM_WINDOWS) + EM_WINDOWS) % EM_WINDOWS;
};

/** Air temperature (°C) at the late-morning overpass, warm in January, cool in July. */
const airTemperature = (doy: number): number => 21 + 9 * Math.cos((2 * Math.PI * (doy - 15)) / 365);

export class SimulatedSource implements ImagerySource {
  readonly name = 'simulated' as const;

  async catalog(
    fields: readonly FieldAoi[],
    layer: SourceLayer,
    range: { from: string; to: string },
  ): Promise<Capture[]> {
    if (range.to < range.from) return [];
    switch (layer) {
      case 'standard':
        return revisitDays(range.from, range.to).map((date) => captureOn(layer, date));
      case 'high_res': {
        const days = new Set(fields.flatMap((field) => field.highResDates ?? []));
        return [...days]
          .filter((date) => date >= range.from && date <= range.to)
          .sort()
          .reverse()
          .map((date) => captureOn(layer, date));
      }
      case 'sensor_em':
        // Only fields the machine surveyed have EM data.
        return surveyedWindows(fields, range.from, range.to).map(({ start, end }) => captureOn(layer, start, end));
    }
  }

  async read(
    fields: readonly FieldAoi[],
    capture: Capture,
    bands: readonly BandName[],
    window: RasterWindow,
  ): Promise<RasterRead> {
    const { width, height } = window;
    const size = width * height;
    const available = BANDS_BY_LAYER[capture.layer];
    const out: Partial<Record<BandName, Float32Array>> = {};
    for (const name of bands) out[name] = new Float32Array(size).fill(Number.NaN);
    const mask = new Uint8Array(size);
    const read: RasterRead = { width, height, bands: out, mask };
    if (size === 0) return read;

    const labels = rasteriseFields(fields, window);
    const params = fieldParams(fields, capture);
    const wanted = (name: BandName) => (available.includes(name) ? out[name] : undefined);
    const reflectance = REFLECTANCE_BANDS.map((name) => wanted(name));
    const thermal = wanted('THERMAL');
    const emShallow = wanted('EM_SHALLOW');
    const emDeep = wanted('EM_DEEP');
    const needSurface = reflectance.some(Boolean) || thermal !== undefined;

    const layer = capture.layer;
    const res = capture.resolutionM;
    const doy = dayOfYear(capture.date);
    const cover = layer === 'standard' ? cloudCoverOf(capture.date) : 0;
    const threshold = cloudThreshold(cover);
    const airK = airTemperature(doy) + 273.15;
    const heat = 0.6 + 0.4 * Math.cos((2 * Math.PI * (doy - 15)) / 365);
    const bgGreen = backgroundGreen(doy);
    const moisture = layer === 'sensor_em' ? 1 + 0.05 * (emWeekOf(capture.date) - 1.5) : 1;

    const grids = noiseGrids(window, res, {
      soil: needSurface || emShallow !== undefined || emDeep !== undefined,
      deep: emShallow !== undefined || emDeep !== undefined,
      land: needSurface && layer !== 'sensor_em',
      cloudSeed: cover > 0 ? cloudSeedOf(capture.date) : null,
    });

    const [minX, , maxX, maxY] = window.bbox;
    const pixelW = (maxX - minX) / width;
    const pixelH = (maxY - window.bbox[1]) / height;
    const cellColumns = new Int32Array(width);
    for (let column = 0; column < width; column += 1) {
      cellColumns[column] = Math.floor(((minX + (column + 0.5) * pixelW) * GROUND_PER_MERCATOR) / res);
    }
    // The ground cells a row crosses (columns in order share them) and each pixel column's cell.
    const cellOfColumn = new Int32Array(width);
    const cellXs = new Float64Array(width);
    let cells = 0;
    for (let column = 0; column < width; column += 1) {
      if (column === 0 || cellColumns[column] !== cellColumns[column - 1]) {
        cellXs[cells] = ((cellColumns[column] as number) + 0.5) * res;
        cells += 1;
      }
      cellOfColumn[column] = cells - 1;
    }
    // The noise fields along the current row of cells, sampled once per cell row.
    const rowCells = cellXs.subarray(0, cells);
    const soilRow = new Float64Array(cells);
    const deepRow = new Float64Array(cells);
    const landRow = new Float64Array(cells);
    const cloudRow = new Float64Array(cells);
    const shadowRow = new Float64Array(cells);
    let previousCellRow = Number.NaN;
    // The requested bands as a plain array: the copy below runs for most pixels of a fine window.
    const outputs = bands.map((name) => out[name] as Float32Array);

    // Each pixel takes the value of the native-resolution ground cell under its centre. Neighbours in
    // the same cell (and field) copy it instead of recomputing: tiles zoomed past 10 m stay cheap.
    for (let row = 0; row < height; row += 1) {
      const cellRow = Math.floor(((maxY - (row + 0.5) * pixelH) * GROUND_PER_MERCATOR) / res);
      const sameCellRow = cellRow === previousCellRow;
      previousCellRow = cellRow;
      const gy = (cellRow + 0.5) * res;
      const rowStart = row * width;
      if (!sameCellRow) {
        grids.soil?.sampleRow(rowCells, 0, gy, soilRow);
        grids.deep?.sampleRow(rowCells, 0, gy, deepRow);
        grids.land?.sampleRow(rowCells, 0, gy, landRow);
        grids.cloud?.sampleRow(rowCells, 0, gy, cloudRow);
        grids.cloud?.sampleRow(rowCells, SHADOW_OFFSET_M.east, gy + SHADOW_OFFSET_M.north, shadowRow);
      }
      // A row on the same ground cells as the one above copies it whole (one memory copy per band);
      // only its pixels in another field than the pixel above are then worked out one by one.
      if (sameCellRow) {
        mask.copyWithin(rowStart, rowStart - width, rowStart);
        for (const values of outputs) values.copyWithin(rowStart, rowStart - width, rowStart);
      }
      for (let column = 0; column < width; column += 1) {
        const i = rowStart + column;
        const label = labels[i] as number;
        if (sameCellRow) {
          if (labels[i - width] === label) continue;
          // Not a copy of the pixel above after all: back to an unread pixel before working it out.
          mask[i] = 0;
          for (let b = 0; b < outputs.length; b += 1) (outputs[b] as Float32Array)[i] = Number.NaN;
        }
        const copyFrom =
          column > 0 && cellColumns[column - 1] === cellColumns[column] && labels[i - 1] === label ? i - 1 : -1;
        if (copyFrom >= 0) {
          mask[i] = mask[copyFrom] as number;
          for (let b = 0; b < outputs.length; b += 1) {
            const values = outputs[b] as Float32Array;
            values[i] = values[copyFrom] as number;
          }
          continue;
        }
        if (layer !== 'standard' && (label === 0 || params.covered[label] === 0)) {
          mask[i] = pixelClass.noData;
          continue;
        }
        const cell = cellOfColumn[column] as number;
        const soil = grids.soil ? Math.min(1, Math.max(0, 0.5 + 0.5 * (soilRow[cell] as number))) : 0;

        if (grids.deep) {
          const deep = 0.5 + 0.5 * (deepRow[cell] as number);
          if (emShallow) emShallow[i] = (12 + 75 * (0.7 * soil + 0.3 * deep)) * moisture;
          if (emDeep) emDeep[i] = 28 + 120 * (0.35 * soil + 0.65 * deep);
        }

        let cloudiness = 0;
        let shadowed = false;
        if (grids.cloud) {
          const value = cloudRow[cell] as number;
          if (value > threshold) cloudiness = Math.min(1, 0.55 + (value - threshold) * 3);
          else shadowed = (shadowRow[cell] as number) > threshold;
        }
        mask[i] = cloudiness > 0 ? pixelClass.cloud : shadowed ? pixelClass.shadow : pixelClass.clear;
        if (!needSurface) continue;

        let green: number;
        let dry: number;
        if (label > 0) {
          const vigour = 0.55 + 0.9 * soil + (params.vigour[label] as number);
          green = Math.min(0.97, (params.green[label] as number) * vigour);
          dry = Math.min(
            1 - green,
            Math.max(0, ((params.cover[label] as number) - (params.green[label] as number)) * (0.75 + 0.5 * soil)),
          );
        } else {
          const land = grids.land ? 0.5 + 0.5 * (landRow[cell] as number) : 0.5;
          // Patches of remnant bush stay green all year; the rest is pasture and roadside.
          green = land > 0.78 ? 0.5 + 0.3 * land : bgGreen * (0.35 + 0.6 * land);
          dry = 0.55 * (1 - green);
        }
        if (layer === 'high_res') {
          // Fine texture only high resolution can show (wheel tracks, patchy establishment).
          green = Math.min(
            0.97,
            Math.max(0, green * (1 + 0.08 * fbm(cellXs[cell] as number, gy, 12, 2, LAND_SEED + 1))),
          );
          dry = Math.min(dry, 1 - green);
        }
        const bare = 1 - green - dry;
        const brightness = 1.15 - 0.3 * soil;
        for (let b = 0; b < REFLECTANCE_BANDS.length; b += 1) {
          const values = reflectance[b];
          if (!values) continue;
          let value =
            bare * (BARE_SOIL[b] as number) * brightness +
            green * (GREEN_CANOPY[b] as number) +
            dry * (DRY_CANOPY[b] as number);
          if (cloudiness > 0) value += ((CLOUD_TOP[b] as number) - value) * cloudiness;
          else if (shadowed) value *= SHADOW_DIMMING;
          values[i] = value;
        }
        if (thermal) {
          let kelvin = airK + 13 * bare * heat + 4 * dry * heat - 4 * green + 2.5 * (0.5 - soil);
          if (cloudiness > 0) kelvin -= 18 * cloudiness;
          else if (shadowed) kelvin -= 3;
          thermal[i] = kelvin;
        }
      }
    }
    return read;
  }
}
