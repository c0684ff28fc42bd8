import { dayNumber } from '../dates';
import { fieldStatistics, measureCloudPercent, measurementWindows } from '../engine';
import { computeIndex } from '../indices';
import { pixelClass, type Capture, type FieldAoi, type RasterWindow } from '../source';
import { CANOLA, COTTON, pixelInFields, testField, WHEAT } from '../test-fields';
import { sampleEmWindows, SimulatedSource } from '.';
import { canopyOf, cropGroup } from './phenology';

const source = new SimulatedSource();

/** The clear captures (no cloud over the fields) between two days, newest first. */
async function clearCaptures(fields: readonly FieldAoi[], from: string, to: string): Promise<Capture[]> {
  const clear: Capture[] = [];
  for (const capture of await source.catalog(fields, 'standard', { from, to })) {
    if ((await measureCloudPercent(source, fields, capture)) === 0) clear.push(capture);
  }
  return clear;
}

/** The measurement window of one field. */
function windowOf(field: FieldAoi, resolutionM: number, maxPixels: number): { window: RasterWindow } {
  const [only] = measurementWindows([field], resolutionM, maxPixels);
  if (!only) throw new Error('no window');
  return only;
}

async function meanNdvi(field: FieldAoi, capture: Capture): Promise<number> {
  const { summary } = await fieldStatistics(source, [field], capture, 'NDVI');
  if (!summary) throw new Error(`no clear pixels on ${capture.date}`);
  return summary.mean;
}

/** The wheat field with the sample survey of 2025 (a field is surveyed only when the machine drove it). */
const SURVEYED_WHEAT = { ...WHEAT, emSurveys: sampleEmWindows('2025-01-01', '2025-12-31') };

describe('SimulatedSource catalog', () => {
  it('has a Sentinel-2 capture every 5 days on the same days for every field, newest first', async () => {
    const wheat = await source.catalog([WHEAT], 'standard', { from: '2025-01-01', to: '2025-03-01' });
    const cotton = await source.catalog([COTTON], 'standard', { from: '2025-01-01', to: '2025-03-01' });
    expect(cotton.map((capture) => capture.date)).toEqual(wheat.map((capture) => capture.date));
    expect(wheat.length).toBe(12);
    for (let k = 1; k < wheat.length; k += 1) {
      expect(dayNumber((wheat[k - 1] as Capture).date) - dayNumber((wheat[k] as Capture).date)).toBe(5);
    }
    expect(wheat[0]).toMatchObject({ layer: 'standard', resolutionM: 10, sourceLabel: 'SIMULATED SENTINEL-2' });
    expect(wheat[0]?.id).toBe(`sim-s2:${wheat[0]?.date}`);
  });

  it('has nothing before the archive starts', async () => {
    expect(await source.catalog([WHEAT], 'standard', { from: '2010-01-01', to: '2018-12-31' })).toEqual([]);
  });

  it('has Rapid-EM data only for fields with a survey: the sample is 4 weekly windows (Monday to Sunday) each February', async () => {
    expect(await source.catalog([WHEAT], 'sensor_em', { from: '2025-01-01', to: '2025-12-31' })).toEqual([]);
    const windows = await source.catalog([SURVEYED_WHEAT], 'sensor_em', { from: '2025-01-01', to: '2025-12-31' });
    expect(windows.map((capture) => [capture.date, capture.endDate])).toEqual([
      ['2025-02-24', '2025-03-02'],
      ['2025-02-17', '2025-02-23'],
      ['2025-02-10', '2025-02-16'],
      ['2025-02-03', '2025-02-09'],
    ]);
    // 3 February 2025 was a Monday.
    expect(new Date('2025-02-03T00:00:00Z').getUTCDay()).toBe(1);
  });

  it('lists high-resolution captures only on the days of completed orders', async () => {
    expect(await source.catalog([WHEAT], 'high_res', { from: '2019-01-01', to: '2030-01-01' })).toEqual([]);
    const ordered = { ...WHEAT, highResDates: ['2025-10-02', '2025-11-20'] };
    const found = await source.catalog([ordered, CANOLA], 'high_res', { from: '2025-01-01', to: '2025-12-31' });
    expect(found.map((capture) => [capture.date, capture.resolutionM])).toEqual([
      ['2025-11-20', 0.8],
      ['2025-10-02', 0.8],
    ]);
  });
});

describe('SimulatedSource pixels', () => {
  it('follows the Australian season: winter crops greenest in August–September, cotton in January–February', async () => {
    const winterPeak = (await clearCaptures([WHEAT, CANOLA], '2025-08-10', '2025-09-20'))[0] as Capture;
    const summerFallow = (await clearCaptures([WHEAT, CANOLA], '2025-02-01', '2025-03-15'))[0] as Capture;
    expect(await meanNdvi(WHEAT, winterPeak)).toBeGreaterThan(0.65);
    expect(await meanNdvi(WHEAT, summerFallow)).toBeLessThan(0.35);
    expect(await meanNdvi(CANOLA, winterPeak)).toBeGreaterThan((await meanNdvi(CANOLA, summerFallow)) + 0.3);

    const cottonPeak = (await clearCaptures([COTTON], '2025-01-10', '2025-02-25'))[0] as Capture;
    const cottonWinter = (await clearCaptures([COTTON], '2025-07-01', '2025-08-31'))[0] as Capture;
    expect(await meanNdvi(COTTON, cottonPeak)).toBeGreaterThan((await meanNdvi(COTTON, cottonWinter)) + 0.3);
  });

  it('groups crop types and models pasture and "Other"', () => {
    expect([
      cropGroup('Wheat'),
      cropGroup('canola'),
      cropGroup('Cotton'),
      cropGroup('Pasture (Annual)'),
      cropGroup('Other'),
      cropGroup(null),
    ]).toEqual(['winter', 'winter', 'summer', 'pasture', 'other', 'other']);
    const pastureSpring = canopyOf('pasture', '2025-09-10', 1).green;
    const pastureSummer = canopyOf('pasture', '2025-02-10', 1).green;
    expect(pastureSpring).toBeGreaterThan(pastureSummer + 0.3);
  });

  it("keeps a field's soil variability from date to date (the zones are stable)", async () => {
    const [later, earlier] = await clearCaptures([WHEAT], '2025-08-01', '2025-09-30');
    const { window } = windowOf(WHEAT, 10, 1 << 20);
    const ndvi = async (capture: Capture) =>
      computeIndex('NDVI', await source.read([WHEAT], capture, ['B04', 'B08'], window));
    const [a, b] = [await ndvi(earlier as Capture), await ndvi(later as Capture)];
    const pairs: [number, number][] = [];
    for (let i = 0; i < a.length; i += 1)
      if (pixelInFields(window, i, [WHEAT])) pairs.push([a[i] as number, b[i] as number]);
    const mean = (k: 0 | 1) => pairs.reduce((sum, pair) => sum + pair[k], 0) / pairs.length;
    const [ma, mb] = [mean(0), mean(1)];
    let cov = 0;
    let va = 0;
    let vb = 0;
    for (const [x, y] of pairs) {
      cov += (x - ma) * (y - mb);
      va += (x - ma) ** 2;
      vb += (y - mb) ** 2;
    }
    expect(cov / Math.sqrt(va * vb)).toBeGreaterThan(0.8);
  });

  it('has high-resolution pixels only over the field whose order was completed', async () => {
    const ordered = { ...WHEAT, highResDates: ['2025-10-02'] };
    const [capture] = await source.catalog([ordered, CANOLA], 'high_res', { from: '2025-10-02', to: '2025-10-02' });
    for (const [field, hasData] of [
      [ordered, true],
      [CANOLA, false],
    ] as const) {
      const { window } = windowOf(field, 0.8, 200 * 200);
      const read = await source.read([ordered, CANOLA], capture as Capture, ['B04', 'B08'], window);
      let inside = 0;
      let withData = 0;
      read.mask.forEach((cls, i) => {
        if (!pixelInFields(window, i, [field])) return;
        inside += 1;
        if (cls === pixelClass.clear && Number.isFinite(read.bands.B08?.[i])) withData += 1;
      });
      expect(inside).toBeGreaterThan(100);
      expect(withData).toBe(hasData ? inside : 0);
    }
  });

  it('has EM conductivity inside surveyed fields only, deeper readings higher', async () => {
    const [window] = await source.catalog([SURVEYED_WHEAT], 'sensor_em', { from: '2025-02-01', to: '2025-03-31' });
    const { window: grid } = windowOf(WHEAT, 5, 1 << 18);
    const unsurveyed = await source.read([WHEAT], window as Capture, ['EM_SHALLOW'], grid);
    expect(unsurveyed.bands.EM_SHALLOW?.some(Number.isFinite)).toBe(false);
    const read = await source.read([SURVEYED_WHEAT], window as Capture, ['EM_SHALLOW', 'EM_DEEP'], grid);
    let insideMean = 0;
    let deepMean = 0;
    let inside = 0;
    let misclassified = 0;
    read.mask.forEach((cls, i) => {
      const isInside = pixelInFields(grid, i, [WHEAT]);
      if (cls !== (isInside ? pixelClass.clear : pixelClass.noData)) misclassified += 1;
      if (!isInside) return;
      inside += 1;
      insideMean += read.bands.EM_SHALLOW?.[i] as number;
      deepMean += read.bands.EM_DEEP?.[i] as number;
    });
    expect(misclassified).toBe(0);
    expect(inside).toBeGreaterThan(100);
    expect(deepMean / inside).toBeGreaterThan(insideMean / inside);
  });
});

describe('SimulatedSource windows finer than the ground cells', () => {
  /** A small paddock with sloping edges beside the canola, so its edge crosses pixel rows everywhere. */
  const WEDGE = testField('0b6f3f8e-5a6c-4d3c-9a51-000000000009', 'Barley', {
    type: 'Polygon',
    coordinates: [
      [
        [147.3705, -35.1195],
        [147.3738, -35.1185],
        [147.3722, -35.1158],
        [147.3705, -35.1195],
      ],
    ],
  });
  const SURVEYED_WEDGE = { ...WEDGE, emSurveys: sampleEmWindows('2025-01-01', '2025-12-31') };

  /** The pixel of `window` at (column, row) as a window of its own: computed, never copied from a neighbour. */
  const pixelWindow = (window: RasterWindow, column: number, row: number): RasterWindow => {
    const [minX, minY, maxX, maxY] = window.bbox;
    const w = (maxX - minX) / window.width;
    const h = (maxY - minY) / window.height;
    return {
      bbox: [minX + column * w, maxY - (row + 1) * h, minX + (column + 1) * w, maxY - row * h],
      width: 1,
      height: 1,
    };
  };

  /**
   * Each pixel has the values of the ground cell under its centre in its own field: what a read of
   * that pixel alone gives (to float rounding: the pixel's position is worked out from another
   * corner). Checked wherever a pixel's field differs from the pixel above or to its left, where
   * copying from a neighbour must not happen, and on a sample of the rest.
   */
  it.each([
    ['standard', 'a cloudy Sentinel-2 capture', 2.5],
    ['sensor_em', 'an EM survey: no data outside the surveyed paddock', 2],
  ] as const)('reads each pixel of a fine window as its own ground cell (%s, %s)', async (layer, _what, metres) => {
    const fields = [layer === 'sensor_em' ? SURVEYED_WEDGE : WEDGE, CANOLA];
    const captures = await source.catalog(fields, layer, { from: '2025-02-01', to: '2025-09-30' });
    let capture = captures[0] as Capture;
    for (const candidate of layer === 'standard' ? captures : []) {
      const cloud = await measureCloudPercent(source, [WEDGE], candidate);
      if (cloud > 10 && cloud < 70) {
        capture = candidate;
        break;
      }
    }
    const bands =
      layer === 'standard'
        ? (['B04', 'B08', 'THERMAL', 'EM_SHALLOW'] as const)
        : (['EM_SHALLOW', 'EM_DEEP', 'B04'] as const);
    const { window } = windowOf({ ...WEDGE, bbox: [147.37, -35.12, 147.3745, -35.1155] }, metres, 1 << 20);
    const read = await source.read(fields, capture, bands, window);
    const fieldAt = (column: number, row: number) =>
      [WEDGE, CANOLA].findIndex((field) => pixelInFields(window, row * window.width + column, [field]));
    let edges = 0;
    let checked = 0;
    let differing = 0;
    for (let row = 0; row < window.height; row += 1) {
      for (let column = 0; column < window.width; column += 1) {
        const here = fieldAt(column, row);
        const edge =
          (row > 0 && fieldAt(column, row - 1) !== here) || (column > 0 && fieldAt(column - 1, row) !== here);
        if (!edge && (row * 7919 + column * 104_729) % 31 !== 0) continue;
        if (edge) edges += 1;
        checked += 1;
        const alone = await source.read(fields, capture, bands, pixelWindow(window, column, row));
        const i = row * window.width + column;
        if (alone.mask[0] !== read.mask[i]) differing += 1;
        for (const band of bands) {
          const [a, b] = [alone.bands[band]?.[0] as number, read.bands[band]?.[i] as number];
          if (!(Object.is(a, b) || Math.abs(a - b) <= 1e-5 * Math.abs(a))) differing += 1;
        }
      }
    }
    expect(edges).toBeGreaterThan(200);
    expect(checked).toBeGreaterThan(edges);
    expect(differing).toBe(0);
  });
});
