import { dayNumber } from '../dates';
import { fieldStatistics, measureCloudPercent, measurementWindows } from '../engine';
import { computeIndex } from '../indices';
import { pixelClass, type Capture, type FieldAoi, type RasterWindow } from '../source';
import { CANOLA, COTTON, pixelInFields, WHEAT } from '../test-fields';
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
