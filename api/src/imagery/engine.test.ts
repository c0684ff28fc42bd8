import sharp from 'sharp';
import {
  CLOUD_MAX_PIXELS,
  fieldStatistics,
  measureCloudPercent,
  measurementWindows,
  renderTile,
  STATISTICS_MAX_PIXELS,
} from './engine';
import { latToMercatorY, lonToMercatorX, MERCATOR_HALF_WORLD, tileBBox } from './geo';
import { computeIndex } from './indices';
import { SimulatedSource } from './simulated';
import { pixelClass, type Capture, type FieldAoi } from './source';
import { CANOLA, pixelInFields, WHEAT } from './test-fields';

const fields = [WHEAT, CANOLA];

/** The XYZ tile at zoom z that holds a lon/lat. */
function tileAt(lon: number, lat: number, z: number) {
  const size = (2 * MERCATOR_HALF_WORLD) / 2 ** z;
  return {
    z,
    x: Math.floor((lonToMercatorX(lon) + MERCATOR_HALF_WORLD) / size),
    y: Math.floor((MERCATOR_HALF_WORLD - latToMercatorY(lat)) / size),
  };
}

/** Captures of winter 2025 whose measured cloud cover over the fields is partial. */
async function partlyCloudy(source: SimulatedSource): Promise<Capture[]> {
  const captures = await source.catalog(fields, 'standard', { from: '2025-05-01', to: '2025-09-30' });
  const partial: Capture[] = [];
  for (const capture of captures) {
    const percent = await measureCloudPercent(source, fields, capture);
    if (percent > 5 && percent < 95) partial.push(capture);
  }
  return partial;
}

describe('the imagery engine on the simulated source', () => {
  const source = new SimulatedSource();
  let partial: Capture[];
  beforeAll(async () => {
    partial = await partlyCloudy(source);
  });

  it('has partly cloudy captures to test with', () => {
    expect(partial.length).toBeGreaterThanOrEqual(2);
  });

  it('measures cloud cover inside the fields: equal to a direct count of the mask over the fields', async () => {
    for (const capture of partial.slice(0, 3)) {
      let obscured = 0;
      let seen = 0;
      let obscuredAnywhere = 0;
      for (const { field, window } of measurementWindows(fields, capture.resolutionM, CLOUD_MAX_PIXELS)) {
        const { mask } = await source.read([field], capture, [], window);
        mask.forEach((cls, i) => {
          if (cls === pixelClass.cloud || cls === pixelClass.shadow) obscuredAnywhere += 1;
          if (!pixelInFields(window, i, [field])) return;
          seen += 1;
          if (cls === pixelClass.cloud || cls === pixelClass.shadow) obscured += 1;
        });
      }
      expect(seen).toBeGreaterThan(1000);
      expect(obscuredAnywhere).toBeGreaterThan(0);
      expect(await measureCloudPercent(source, fields, capture)).toBe(Math.round((obscured / seen) * 1000) / 10);
    }
  });

  it('leaves cloud and shadow pixels out of the statistics', async () => {
    const capture = partial[0] as Capture;
    const clear: number[] = [];
    const all: number[] = [];
    for (const { field, window } of measurementWindows(fields, capture.resolutionM, STATISTICS_MAX_PIXELS)) {
      const read = await source.read([field], capture, ['B04', 'B08'], window);
      const b04 = read.bands.B04 as Float32Array;
      const b08 = read.bands.B08 as Float32Array;
      read.mask.forEach((cls, i) => {
        if (!pixelInFields(window, i, [field])) return;
        // NDVI by hand, in float32 like the engine.
        const ndvi = Math.fround(
          Math.fround((b08[i] as number) - (b04[i] as number)) / Math.fround((b08[i] as number) + (b04[i] as number)),
        );
        all.push(ndvi);
        if (cls === pixelClass.clear) clear.push(ndvi);
      });
    }
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const { summary } = await fieldStatistics(source, fields, capture, 'NDVI');
    expect(summary?.count).toBe(clear.length);
    expect(summary?.min).toBeCloseTo(Math.min(...clear), 5);
    expect(summary?.max).toBeCloseTo(Math.max(...clear), 5);
    expect(summary?.mean).toBeCloseTo(mean(clear), 5);
    // Cloud and shadow would pull the figures down: the test would notice them.
    expect(all.length).toBeGreaterThan(clear.length);
    expect(Math.abs(mean(all) - mean(clear))).toBeGreaterThan(0.01);
  });

  it('renders the same bytes for the same inputs, and different ones for another day', async () => {
    const [first, second] = partial as [Capture, Capture];
    const tile = tileAt(147.372, -35.115, 15);
    const request = { fields, capture: first, algorithm: 'NDVI' as const, ...tile, valueRange: [0.2, 0.9] as const };
    const once = await renderTile(new SimulatedSource(), request);
    const again = await renderTile(new SimulatedSource(), request);
    expect(Buffer.from(again).equals(Buffer.from(once))).toBe(true);
    const otherDay = await renderTile(source, { ...request, capture: second });
    expect(Buffer.from(otherDay).equals(Buffer.from(once))).toBe(false);
  });

  it('draws a 256×256 PNG clipped to the fields: transparent outside them; NDVI-R is not clipped', async () => {
    const [clearDay] = await source
      .catalog(fields, 'standard', { from: '2025-09-01', to: '2025-09-30' })
      .then(async (captures) => {
        const clear: Capture[] = [];
        for (const capture of captures)
          if ((await measureCloudPercent(source, fields, capture)) === 0) clear.push(capture);
        return clear;
      });
    expect(clearDay).toBeDefined();
    const tile = tileAt(147.372, -35.115, 14);
    const window = { bbox: tileBBox(tile.z, tile.x, tile.y), width: 256, height: 256 };
    for (const algorithm of ['NDVI', 'NDVI-R'] as const) {
      const png = await renderTile(source, {
        fields,
        capture: clearDay as Capture,
        algorithm,
        ...tile,
        valueRange: [0.2, 0.9],
      });
      const metadata = await sharp(png).metadata();
      expect([metadata.format, metadata.width, metadata.height, metadata.channels]).toEqual(['png', 256, 256, 4]);
      const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      let insideOpaque = 0;
      let outsideOpaque = 0;
      for (let i = 0; i < 256 * 256; i += 1) {
        const alpha = data[i * 4 + 3] as number;
        if (pixelInFields(window, i, fields)) insideOpaque += alpha === 255 ? 1 : 0;
        else outsideOpaque += alpha === 0 ? 0 : 1;
      }
      expect(insideOpaque).toBeGreaterThan(1000);
      if (algorithm === 'NDVI') expect(outsideOpaque).toBe(0);
      else expect(outsideOpaque).toBeGreaterThan(256 * 256 * 0.5);
    }
  });

  it('draws cloud translucent white and shadow translucent grey over the fields', async () => {
    const tile = tileAt(147.372, -35.115, 14);
    const window = { bbox: tileBBox(tile.z, tile.x, tile.y), width: 256, height: 256 };
    const seen = { [pixelClass.cloud]: 0, [pixelClass.shadow]: 0 };
    const expected = { [pixelClass.cloud]: [255, 255, 255, 170], [pixelClass.shadow]: [70, 70, 80, 140] };
    let wrong = 0;
    for (const capture of partial) {
      if (seen[pixelClass.cloud] > 0 && seen[pixelClass.shadow] > 0) break;
      const { mask } = await source.read(fields, capture, [], window);
      const png = await renderTile(source, { fields, capture, algorithm: 'NDVI', ...tile, valueRange: [0.2, 0.9] });
      const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      for (let i = 0; i < mask.length; i += 1) {
        const cls = mask[i] as number;
        if ((cls !== pixelClass.cloud && cls !== pixelClass.shadow) || !pixelInFields(window, i, fields)) continue;
        seen[cls] += 1;
        if ([data[i * 4], data[i * 4 + 1], data[i * 4 + 2], data[i * 4 + 3]].join() !== expected[cls]?.join())
          wrong += 1;
      }
    }
    expect(wrong).toBe(0);
    expect(seen[pixelClass.cloud]).toBeGreaterThan(0);
    expect(seen[pixelClass.shadow]).toBeGreaterThan(0);
  });

  it('is seamless: a tile equals the matching quarter of its parent read at the same pixel size', async () => {
    const capture = partial[0] as Capture;
    const child = tileAt(147.372, -35.115, 16);
    const parent = { z: 15, x: Math.floor(child.x / 2), y: Math.floor(child.y / 2) };
    const childRead = await source.read(fields, capture, ['B04', 'B08'], {
      bbox: tileBBox(child.z, child.x, child.y),
      width: 256,
      height: 256,
    });
    const parentRead = await source.read(fields, capture, ['B04', 'B08'], {
      bbox: tileBBox(parent.z, parent.x, parent.y),
      width: 512,
      height: 512,
    });
    const childNdvi = computeIndex('NDVI', childRead);
    const parentNdvi = computeIndex('NDVI', parentRead);
    const offsetX = (child.x % 2) * 256;
    const offsetY = (child.y % 2) * 256;
    let differences = 0;
    for (let row = 0; row < 256; row += 1) {
      for (let column = 0; column < 256; column += 1) {
        const a = childNdvi[row * 256 + column] as number;
        const b = parentNdvi[(row + offsetY) * 512 + column + offsetX] as number;
        if (!(a === b || (Number.isNaN(a) && Number.isNaN(b)))) differences += 1;
      }
    }
    expect(differences).toBe(0);
  });
});

describe('measurementWindows', () => {
  it('puts every field on one lattice at the native resolution, coarsened to the pixel budget', () => {
    const fine = measurementWindows([WHEAT, CANOLA], 10, 1 << 20);
    const cells = fine.map(({ window }) => (window.bbox[2] - window.bbox[0]) / window.width);
    expect(cells[0]).toBeCloseTo(cells[1] as number, 9);
    // 10 m on the ground is about 12.2 mercator metres at 35° south.
    expect(cells[0]).toBeGreaterThan(12);
    expect(cells[0]).toBeLessThan(12.5);
    const coarse = measurementWindows([WHEAT, CANOLA], 10, 1000);
    expect(coarse.reduce((sum, { window }) => sum + window.width * window.height, 0)).toBeLessThanOrEqual(1000);
  });

  it('has nothing to measure for no fields', () => {
    expect(measurementWindows([] as FieldAoi[], 10, 100)).toEqual([]);
  });
});
