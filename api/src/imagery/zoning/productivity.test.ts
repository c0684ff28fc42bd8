import { SimulatedSource } from '../simulated';
import { pixelClass } from '../source';
import { pixelInFields, WHEAT } from '../test-fields';
import {
  emImageryRaster,
  productivityRaster,
  windowsOf,
  zoneProductivity,
  type ProductivityWindow,
} from './productivity';
import { fieldRaster } from '.';

const source = new SimulatedSource();
/** Three late-winter windows of three seasons (short, so the test reads a dozen captures per season). */
const WINDOWS: ProductivityWindow[] = [2023, 2024, 2025].map((year) => ({
  label: String(year),
  from: `${year}-08-01`,
  to: `${year}-09-30`,
}));

/**
 * The plain computation the engine is held to: per capture, NDVI from the bands, the clear pixels inside
 * the field (turf point-in-polygon, not the rasteriser), the capture kept when at least half of them are
 * clear, z-scores over them; per pixel the mean of its z-scores (overall and per window).
 */
async function plainProductivity(resolutionM: number) {
  const { window } = await productivityRaster(source, WHEAT, WINDOWS.slice(0, 1), 'NDVI', resolutionM);
  const size = window.width * window.height;
  const inside = Array.from({ length: size }, (_, i) => pixelInFields(window, i, [WHEAT]));
  const insideCount = inside.filter(Boolean).length;
  const overall = { sum: new Array<number>(size).fill(0), n: new Array<number>(size).fill(0) };
  const seasons: { sum: number[]; n: number[] }[] = [];
  let used = 0;
  for (const { from, to } of WINDOWS) {
    const season = { sum: new Array<number>(size).fill(0), n: new Array<number>(size).fill(0) };
    seasons.push(season);
    for (const capture of await source.catalog([WHEAT], 'standard', { from, to })) {
      const read = await source.read([WHEAT], capture, ['B04', 'B08'], window);
      const red = read.bands.B04 as Float32Array;
      const nir = read.bands.B08 as Float32Array;
      const clear: number[] = [];
      const ndvi: number[] = [];
      for (let i = 0; i < size; i += 1) {
        const value = ((nir[i] as number) - (red[i] as number)) / ((nir[i] as number) + (red[i] as number));
        ndvi.push(Math.fround(value));
        if (inside[i] && read.mask[i] === pixelClass.clear && Number.isFinite(value)) clear.push(i);
      }
      if (clear.length < insideCount / 2) continue;
      const mean = clear.reduce((sum, i) => sum + (ndvi[i] as number), 0) / clear.length;
      const sd = Math.sqrt(clear.reduce((sum, i) => sum + ((ndvi[i] as number) - mean) ** 2, 0) / clear.length);
      // A uniform capture (standard deviation under 1e-4) is left out.
      if (!(sd >= 1e-4)) continue;
      used += 1;
      for (const i of clear) {
        const z = ((ndvi[i] as number) - mean) / sd;
        for (const target of [overall, season]) {
          target.sum[i] = (target.sum[i] as number) + z;
          target.n[i] = (target.n[i] as number) + 1;
        }
      }
    }
  }
  const meanOf = ({ sum, n }: { sum: number[]; n: number[] }) =>
    sum.map((value, i) => ((n[i] as number) > 0 ? value / (n[i] as number) : Number.NaN));
  return { inside, used, overall: meanOf(overall), seasons: seasons.map(meanOf) };
}

describe('productivity zones (seasons)', () => {
  it('holds the productivity raster to a plain per-pixel standardise-and-mean over the clear captures', async () => {
    const raster = await productivityRaster(source, WHEAT, WINDOWS, 'NDVI', 25);
    const plain = await plainProductivity(25);
    expect(raster.captures.length).toBe(plain.used);
    expect(raster.captures.length).toBeGreaterThan(6);
    let compared = 0;
    plain.overall.forEach((value, i) => {
      if (!plain.inside[i] || !Number.isFinite(value)) return;
      expect(raster.valid[i]).toBe(1);
      expect(raster.values[i]).toBeCloseTo(value, 4);
      compared += 1;
    });
    expect(compared).toBeGreaterThan(1000);
    raster.seasons.forEach((season, s) => {
      (plain.seasons[s] as number[]).forEach((value, i) => {
        if (plain.inside[i] && Number.isFinite(value)) expect(season.values[i]).toBeCloseTo(value, 4);
      });
    });
    // Every pixel of the field comes from the captures or, where none was clear, from its neighbours.
    const fromCaptures = raster.sources?.filter((part) => part.date !== null).map((part) => part.date);
    expect(fromCaptures).toEqual(raster.captures.map((capture) => capture.date));
  });

  it('is reproducible, and its stability figures match a plain count over the seasons', async () => {
    const raster = await productivityRaster(source, WHEAT, WINDOWS, 'NDVI', 25);
    const first = await zoneProductivity(WHEAT, raster, 3, 25, null);
    const again = await zoneProductivity(
      WHEAT,
      await productivityRaster(source, WHEAT, WINDOWS, 'NDVI', 25),
      3,
      25,
      null,
    );
    expect(again.zoning).toEqual(first.zoning);
    expect(Buffer.from(again.png).equals(Buffer.from(first.png))).toBe(true);
    expect(first.zoning.varianceReduction).toBeGreaterThan(0.5);

    // Plain: the final zone of each pixel (from the stability layer's own input), each season classed by the same breaks.
    let classes: Uint8Array = new Uint8Array(0);
    const { zoneRaster } = await import('.');
    zoneRaster(WHEAT, raster, 3, 25, null, (final) => {
      classes = final;
    });
    const breaks = first.zoning.breaks;
    const classOf = (value: number) => 1 + breaks.filter((limit) => value > limit).length;
    const stable = [0, 0, 0, 0];
    const total = [0, 0, 0, 0];
    for (let i = 0; i < classes.length; i += 1) {
      const zone = classes[i] as number;
      if (!raster.inside[i] || zone === 0) continue;
      const seen = raster.seasons.filter((season) => Number.isFinite(season.values[i] as number));
      if (seen.length === 0) continue;
      const agree = seen.filter((season) => classOf(season.values[i] as number) === zone).length;
      expect(first.stability.agreement[i]).toBeCloseTo(agree / seen.length, 6);
      total[zone] = (total[zone] as number) + 1;
      if (agree === seen.length) stable[zone] = (stable[zone] as number) + 1;
    }
    for (const zone of first.stability.zones) {
      expect(zone.stableShare).toBeCloseTo((stable[zone.zone] as number) / (total[zone.zone] as number), 6);
      expect(zone.cv).not.toBeNull();
    }
    expect(first.stability.seasons).toEqual(['2023', '2024', '2025']);
  });

  it('standardises each capture, so a dry season read at half the values weighs the same', async () => {
    const { standardise } = await import('./productivity');
    const values = Float32Array.from([0.2, 0.4, 0.6, 0.8, 0.9]);
    const halved = values.map((value) => value / 2);
    const use = Uint8Array.from([1, 1, 1, 1, 0]);
    expect(standardise(values, use)).toBe(true);
    expect(standardise(halved, use)).toBe(true);
    for (let i = 0; i < 4; i += 1) expect(halved[i]).toBeCloseTo(values[i] as number, 6);
    expect(values[4]).toBeCloseTo(0.9, 6);
    expect(Array.from(values.slice(0, 4)).reduce((sum, value) => sum + value, 0)).toBeCloseTo(0, 6);
  });

  it('season windows follow the crop: a wheat season starts in April and never reaches past today', () => {
    const windows = windowsOf(WHEAT, { kind: 'seasons', seasons: [2025, 2024], range: null, until: '2025-10-01' });
    expect(windows).toEqual([
      { label: '2024', from: '2024-04-01', to: '2025-03-31' },
      { label: '2025', from: '2025-04-01', to: '2025-10-01' },
    ]);
  });
});

describe('EM with imagery', () => {
  it('combines standardised shallow, deep and index layers by weight, and reports their correlations', async () => {
    const survey = { ...WHEAT, emSurveys: [{ start: '2025-03-03', end: '2025-03-09' }] };
    const [em] = await source.catalog([survey], 'sensor_em', { from: '2025-03-01', to: '2025-03-31' });
    const [capture] = (await source.catalog([survey], 'standard', { from: '2025-08-20', to: '2025-09-10' })).slice(-1);
    if (!em || !capture) throw new Error('no survey or capture');
    const imagery = await fieldRaster(source, survey, capture, 'NDVI', 25);
    const onlyIndex = await emImageryRaster(source, survey, em, imagery, { shallow: 0, deep: 0, index: 1 });
    const mixed = await emImageryRaster(source, survey, em, imagery, { shallow: 1, deep: 1, index: 2 });
    const read = await source.read([survey], em, ['EM_SHALLOW', 'EM_DEEP'], imagery.window);
    // Plain: z-scores of each layer over the pixels all three measured, then the weighted mean.
    const use: number[] = [];
    for (let i = 0; i < imagery.values.length; i += 1) if (mixed.valid[i]) use.push(i);
    expect(use.length).toBeGreaterThan(1000);
    const z = (layer: ArrayLike<number>) => {
      const mean = use.reduce((sum, i) => sum + (layer[i] as number), 0) / use.length;
      const sd = Math.sqrt(use.reduce((sum, i) => sum + ((layer[i] as number) - mean) ** 2, 0) / use.length);
      return (i: number) => ((layer[i] as number) - mean) / sd;
    };
    const [zs, zd, zi] = [
      z(read.bands.EM_SHALLOW as Float32Array),
      z(read.bands.EM_DEEP as Float32Array),
      z(imagery.values),
    ];
    for (const i of use.slice(0, 500)) {
      expect(mixed.values[i]).toBeCloseTo((zs(i) + zd(i) + 2 * zi(i)) / 4, 4);
      expect(onlyIndex.values[i]).toBeCloseTo(zi(i), 4);
    }
    const r = use.reduce((sum, i) => sum + zs(i) * zd(i), 0) / use.length;
    expect(mixed.correlations.shallowDeep).toBeCloseTo(r, 4);
  });
});
