import proj4 from 'proj4';
import { mercatorBBox } from '../geo';
import { computeIndex } from '../indices';
import { rasteriseFields } from '../rasterise';
import { SimulatedSource } from '../simulated';
import { pixelClass, type BandName, type Capture, type FieldAoi, type RasterRead, type RasterWindow } from '../source';
import { sampleScene, sceneCogs, sceneItem, type Scene, type UtmGrid } from '../testing/scene';
import { startStacServer, type StacServer } from '../testing/stac-server';
import { createWorkerPool } from '../../workers/pool';
import { Sentinel2Source } from '.';
import { projDefinition } from './reproject';

/** A wheat paddock near Wagga Wagga, in UTM zone 55 south. */
const paddock: FieldAoi = {
  fieldId: 'paddock-7',
  cropType: 'Wheat',
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [147.3, -35.1],
        [147.318, -35.101],
        [147.32, -35.118],
        [147.302, -35.12],
        [147.3, -35.1],
      ],
    ],
  },
  bbox: [147.3, -35.12, 147.32, -35.1],
};
/** 3 × 3.4 km at 10 m around it. */
const zone55: UtmGrid = { epsg: 32755, originX: 526700, originY: 6116450, pixelSize: 10, width: 300, height: 340 };
/** A 256×256 web-mercator window over the paddock (about 11 m pixels). */
const overPaddock: RasterWindow = { bbox: mercatorBBox([147.296, -35.124, 147.324, -35.096]), width: 256, height: 256 };
const winter = { from: '2024-06-01', to: '2024-09-30' };
/** 640 m square inside the paddock, and a 16×16 window in the middle of it. */
const patch: UtmGrid = { ...zone55, originX: 527500, originY: 6115500, width: 64, height: 64 };
const inPatch: RasterWindow = (() => {
  const toLonLat = proj4('EPSG:32755', 'EPSG:4326');
  const [west, north] = toLonLat.forward([527700, 6115300]) as [number, number];
  const [east, south] = toLonLat.forward([527800, 6115200]) as [number, number];
  return { bbox: mercatorBBox([west, south, east, north]), width: 16, height: 16 };
})();

/** The web-mercator box of a grid's middle 400 m square. */
function patchWindow(grid: UtmGrid): [number, number, number, number] {
  const toLonLat = proj4(projDefinition(grid.epsg), 'EPSG:4326');
  const [west, north] = toLonLat.forward([grid.originX + 120, grid.originY - 120]) as [number, number];
  const [east, south] = toLonLat.forward([grid.originX + 520, grid.originY - 520]) as [number, number];
  return mercatorBBox([west, south, east, north]);
}

function share(mask: Uint8Array, cls: number): number {
  return mask.reduce((count, value) => count + (value === cls ? 1 : 0), 0) / mask.length;
}

/** A simulated capture with clear ground, cloud and shadow all over the window. */
async function partlyCloudyCapture(simulated: SimulatedSource): Promise<Capture> {
  for (const capture of await simulated.catalog([paddock], 'standard', winter)) {
    const { mask } = await simulated.read([paddock], capture, [], { ...overPaddock, width: 64, height: 64 });
    if (
      share(mask, pixelClass.clear) > 0.15 &&
      share(mask, pixelClass.cloud) > 0.05 &&
      share(mask, pixelClass.shadow) > 0.02
    )
      return capture;
  }
  throw new Error('no partly cloudy day in the simulated winter');
}

/** Serves `scene` as one L2A item (one COG per band + SCL) and returns the item id. */
function publish(
  server: StacServer,
  scene: Scene,
  id: string,
  datetime: string,
  options: { sclPixelSize?: number; tileSize?: number; drop?: string; noDataTag?: boolean; itemGrid?: UtmGrid } = {},
): string {
  const cogs = sceneCogs(scene, options);
  const hrefs = Object.fromEntries(
    Object.entries(cogs)
      .filter(([key]) => key !== options.drop)
      .map(([key, bytes]) => [key, server.addFile(`${id}/${key}.tif`, bytes)]),
  );
  server.addItem(sceneItem({ id, datetime, grid: options.itemGrid ?? scene.grid, hrefs }));
  return id;
}

/** A scene of the same reflectance everywhere, all clear. */
function flatScene(grid: UtmGrid, values: Partial<Record<BandName, number>>): Scene {
  const size = grid.width * grid.height;
  return {
    grid,
    bands: Object.fromEntries(
      Object.entries(values).map(([band, value]) => [band, new Float32Array(size).fill(value)]),
    ),
    mask: new Uint8Array(size).fill(pixelClass.clear),
  };
}

describe('Sentinel2Source', () => {
  let server: StacServer;
  let source: Sentinel2Source;
  beforeEach(async () => {
    server = await startStacServer();
    source = new Sentinel2Source({ stacApiUrl: server.url, collection: 'sentinel-2-l2a' });
  });
  afterEach(() => server.close());

  it('reads back the simulated bands written into UTM COGs: the same NDVI and the same cloud and shadow', async () => {
    const simulated = new SimulatedSource();
    const day = await partlyCloudyCapture(simulated);
    const scene = await sampleScene(simulated, [paddock], day, ['B04', 'B08'], zone55, 2);
    publish(server, scene, `S2B_55HEV_${day.date.replaceAll('-', '')}_0_L2A`, `${day.date}T00:12:34Z`, {
      tileSize: 128,
    });

    const [capture] = await source.catalog([paddock], 'standard', winter);
    expect(capture).toMatchObject({
      date: day.date,
      layer: 'standard',
      resolutionM: 10,
      sourceLabel: 'SENTINEL-2 L2A',
    });
    const read = await source.read([paddock], capture as Capture, ['B04', 'B08'], overPaddock);
    const expected = await simulated.read([paddock], day, ['B04', 'B08'], overPaddock);

    // Masks: the SCL classes land on the same pixels, up to a pixel along the cloud edges.
    const agreeing = read.mask.filter((value, p) => value === expected.mask[p]).length / read.mask.length;
    expect(agreeing).toBeGreaterThan(0.99);
    for (const cls of [pixelClass.clear, pixelClass.cloud, pixelClass.shadow])
      expect(share(read.mask, cls)).toBeCloseTo(share(expected.mask, cls), 2);

    // NDVI inside the paddock where both call it clear: equal up to resampling (10 m UTM → 11 m mercator).
    const ndvi = computeIndex('NDVI', read);
    const simulatedNdvi = computeIndex('NDVI', expected);
    const inside = rasteriseFields([paddock], overPaddock);
    const differences: number[] = [];
    for (let p = 0; p < ndvi.length; p++) {
      if (inside[p] && read.mask[p] === pixelClass.clear && expected.mask[p] === pixelClass.clear)
        differences.push(Math.abs((ndvi[p] as number) - (simulatedNdvi[p] as number)));
    }
    differences.sort((a, b) => a - b);
    expect(differences.length).toBeGreaterThan(1000);
    expect(differences.reduce((sum, d) => sum + d, 0) / differences.length).toBeLessThan(0.005);
    expect(differences[Math.floor(differences.length * 0.95)]).toBeLessThan(0.02);
    // The simulated source is math-heavy, and jest's sandbox makes every global lookup slow: allow time on a busy machine.
  }, 90_000);

  it('turns digital numbers into reflectance with the item’s scale and offset, and answers THERMAL with NaN', async () => {
    publish(
      server,
      flatScene(zone55, { B04: 0.0731, B08: 0.4122 }),
      'S2A_55HEV_20240810_0_L2A',
      '2024-08-10T00:10:00Z',
      { sclPixelSize: 20 },
    );
    const [capture] = await source.catalog([paddock], 'standard', winter);
    const read = await source.read([paddock], capture as Capture, ['B04', 'B08', 'THERMAL'], overPaddock);
    expect(read.bands.B04?.every((value) => Math.abs(value - 0.0731) < 1e-6)).toBe(true);
    expect(read.bands.B08?.every((value) => Math.abs(value - 0.4122) < 1e-6)).toBe(true);
    expect(read.bands.THERMAL?.every(Number.isNaN)).toBe(true);
    expect(share(read.mask, pixelClass.clear)).toBe(1);
  });

  it.each(['POST', 'GET'] as const)(
    'lists one capture per day, newest first, merging the day’s tiles, across pages (%s next links)',
    async (paging) => {
      const pagedServer = await startStacServer({ paging, maxLimit: 5 });
      try {
        const grid = patch;
        const days = Array.from({ length: 12 }, (_, i) => `2024-07-${String(2 + i * 2).padStart(2, '0')}`);
        for (const date of days)
          publish(
            pagedServer,
            flatScene(grid, { B04: 0.1 }),
            `S2A_55HEV_${date.replaceAll('-', '')}_0_L2A`,
            `${date}T00:10:00Z`,
          );
        // A second MGRS tile on the last day (same pass), and a scene elsewhere in Australia.
        publish(pagedServer, flatScene(grid, { B04: 0.1 }), 'S2A_55HFV_20240724_0_L2A', '2024-07-24T00:10:05Z');
        publish(
          pagedServer,
          flatScene({ ...grid, epsg: 32750, originX: 400000, originY: 6500000 }, { B04: 0.1 }),
          'S2A_50HMK_20240710_0_L2A',
          '2024-07-10T02:00:00Z',
        );

        const paged = new Sentinel2Source({ stacApiUrl: pagedServer.url, collection: 'sentinel-2-l2a' });
        const captures = await paged.catalog([paddock], 'standard', { from: '2024-07-01', to: '2024-07-31' });
        expect(captures.map((capture) => capture.date)).toEqual([...days].reverse());
        expect(captures[0]?.id).toBe('S2A_55HEV_20240724_0_L2A~S2A_55HFV_20240724_0_L2A');
        // 13 items over the paddock, 5 a page.
        expect(pagedServer.searches).toBe(3);
        expect(await paged.catalog([paddock], 'high_res', { from: '2024-07-01', to: '2024-07-31' })).toEqual([]);
        expect(await paged.catalog([paddock], 'sensor_em', { from: '2024-07-01', to: '2024-07-31' })).toEqual([]);
      } finally {
        await pagedServer.close();
      }
    },
  );

  it('reads the same in a worker thread, built from its plain config, as on the main thread', async () => {
    publish(server, flatScene(patch, { B04: 0.0731, B08: 0.4122 }), 'S2A_55HEV_20240810_0_L2A', '2024-08-10T00:10:00Z');
    const [capture] = await source.catalog([paddock], 'standard', winter);
    const pool = createWorkerPool({
      module: new URL('../testing/sentinel2-read.worker.ts', import.meta.url),
      maxThreads: 1,
    });
    try {
      const task = {
        config: { stacApiUrl: server.url, collection: 'sentinel-2-l2a' },
        capture,
        bands: ['B04', 'B08'],
        window: inPatch,
      };
      const inWorker = (await pool.run(task)) as RasterRead;
      const here = await source.read([paddock], capture as Capture, ['B04', 'B08'], inPatch);
      expect(share(inWorker.mask, pixelClass.clear)).toBe(1);
      expect(Array.from(inWorker.bands.B08 ?? [])).toEqual(Array.from(here.bands.B08 ?? []));
    } finally {
      await pool.destroy();
    }
  });

  it('leaves out scenes above the configured cloud cover', async () => {
    const grid = patch;
    const cogs = sceneCogs(flatScene(grid, { B04: 0.1 }));
    const hrefs = Object.fromEntries(
      Object.entries(cogs).map(([key, bytes]) => [key, server.addFile(`${key}.tif`, bytes)]),
    );
    server.addItem(sceneItem({ id: 'clear', datetime: '2024-07-02T00:10:00Z', grid, hrefs, cloudCover: 12 }));
    server.addItem(sceneItem({ id: 'overcast', datetime: '2024-07-07T00:10:00Z', grid, hrefs, cloudCover: 96 }));
    const picky = new Sentinel2Source({ stacApiUrl: server.url, collection: 'sentinel-2-l2a', maxCloudCover: 50 });
    expect(
      (await picky.catalog([paddock], 'standard', { from: '2024-07-01', to: '2024-07-31' })).map(
        (capture) => capture.id,
      ),
    ).toEqual(['clear']);
  });

  it('mosaics a day’s items in two UTM zones onto one window', async () => {
    // A window astride 144°E, where zone 54 (west) meets zone 55 (east).
    const window: RasterWindow = { bbox: mercatorBBox([143.99, -35.01, 144.01, -34.99]), width: 64, height: 64 };
    const aoi: FieldAoi = { ...paddock, bbox: [143.99, -35.01, 144.01, -34.99] };
    const toZone = (zone: number, lon: number, lat: number) =>
      proj4('EPSG:4326', `+proj=utm +zone=${zone} +south +datum=WGS84 +units=m +no_defs`, [lon, lat]) as [
        number,
        number,
      ];
    const westGrid = (() => {
      const [x0, y0] = toZone(54, 143.985, -34.985);
      const [x1] = toZone(54, 144.0, -34.985);
      return {
        epsg: 32754,
        originX: Math.floor(x0 / 10) * 10,
        originY: Math.ceil(y0 / 10) * 10,
        pixelSize: 10,
        width: Math.round((x1 - x0) / 10),
        height: 300,
      };
    })();
    const eastGrid = (() => {
      const [x0, y0] = toZone(55, 144.0, -34.985);
      const [x1] = toZone(55, 144.015, -34.985);
      return {
        epsg: 32755,
        originX: Math.round(x0 / 10) * 10,
        originY: Math.ceil(y0 / 10) * 10,
        pixelSize: 10,
        width: Math.round((x1 - x0) / 10),
        height: 300,
      };
    })();
    publish(server, flatScene(westGrid, { B04: 0.05 }), 'S2A_54HYE_20240802_0_L2A', '2024-08-02T00:20:00Z');
    publish(server, flatScene(eastGrid, { B04: 0.15 }), 'S2A_55HBV_20240802_0_L2A', '2024-08-02T00:20:03Z');

    const [capture] = await source.catalog([aoi], 'standard', { from: '2024-08-01', to: '2024-08-03' });
    const read = await source.read([aoi], capture as Capture, ['B04'], window);
    const red = read.bands.B04 as Float32Array;
    // Row 32, from the west edge to the east edge: zone 54's value, then zone 55's, no gap.
    const row = Array.from(red.subarray(32 * 64, 33 * 64));
    const boundary = row.findIndex((value) => value > 0.1);
    expect(boundary).toBeGreaterThan(28);
    expect(boundary).toBeLessThan(36);
    expect(row.slice(0, boundary - 1).every((value) => Math.abs(value - 0.05) < 1e-6)).toBe(true);
    expect(row.slice(boundary + 1).every((value) => Math.abs(value - 0.15) < 1e-6)).toBe(true);
    expect(share(read.mask, pixelClass.noData)).toBe(0);
  });

  it('reads only the byte ranges a window needs, and a zoomed-out window from an overview', async () => {
    // Noisy reflectance, so the file does not compress to nothing: 10 km at 10 m.
    const grid = { ...zone55, width: 1024, height: 1024 };
    const scene = flatScene(grid, { B04: 0.1 });
    const red = scene.bands.B04 as Float32Array;
    for (let p = 0; p < red.length; p++) red[p] = 0.05 + ((p * 2654435761) % 1000) / 10000;
    publish(server, scene, 'S2A_55HEV_20240815_0_L2A', '2024-08-15T00:10:00Z', { tileSize: 256 });
    const redFile = sceneCogs(scene).red?.length ?? 0;

    const [capture] = await source.catalog([paddock], 'standard', winter);
    // A zoom-16 tile's worth (about 2 m pixels) over the paddock.
    const [cx, cy] = proj4('EPSG:4326', 'EPSG:3857', [147.31, -35.11]) as [number, number];
    await source.read([paddock], capture as Capture, ['B04'], {
      bbox: [cx - 300, cy - 300, cx + 300, cy + 300],
      width: 256,
      height: 256,
    });
    const zoomedIn = server.bytesServed('S2A_55HEV_20240815_0_L2A/red.tif');
    expect(zoomedIn).toBeGreaterThan(0);
    expect(zoomedIn).toBeLessThan(redFile * 0.15);

    // The whole 10 km scene into 64×64 pixels: the coarsest overview (one tile) answers it.
    const whole = mercatorBBox([147.28, -35.15, 147.4, -35.07]);
    const before = server.bytesServed('S2A_55HEV_20240815_0_L2A/red.tif');
    const overview = await source.read([paddock], capture as Capture, ['B04'], { bbox: whole, width: 64, height: 64 });
    expect(server.bytesServed('S2A_55HEV_20240815_0_L2A/red.tif') - before).toBeLessThan(redFile * 0.1);
    const values = (overview.bands.B04 as Float32Array).filter((value) => !Number.isNaN(value));
    expect(values.length).toBeGreaterThan(1000);
    // Averaged overview pixels sit near the noise's mean (0.05 + 0.0499…).
    expect(values.reduce((sum, value) => sum + value, 0) / values.length).toBeCloseTo(0.1, 2);
  });

  it('fails with a clear message when an item lacks a band, a COG is missing, or an item is gone', async () => {
    const grid = patch;
    publish(server, flatScene(grid, { B04: 0.1, B08: 0.4 }), 'S2A_55HEV_20240820_0_L2A', '2024-08-20T00:10:00Z', {
      drop: 'nir',
    });
    const [capture] = await source.catalog([paddock], 'standard', winter);
    const window = inPatch;
    await expect(source.read([paddock], capture as Capture, ['B04', 'B08'], window)).rejects.toThrow(
      'Sentinel-2 item S2A_55HEV_20240820_0_L2A has no asset for B08 (looked for nir, B08)',
    );

    server.addItem(
      sceneItem({
        id: 'S2A_55HEV_20240825_0_L2A',
        datetime: '2024-08-25T00:10:00Z',
        grid,
        hrefs: { red: `${server.url}/files/nowhere.tif`, scl: `${server.url}/files/nowhere-scl.tif` },
      }),
    );
    // A capture whose files cannot be opened is not offered; asked for anyway, it fails saying which file.
    expect(await source.catalog([paddock], 'standard', { from: '2024-08-25', to: '2024-08-25' })).toEqual([]);
    const broken: Capture = { ...(capture as Capture), id: 'S2A_55HEV_20240825_0_L2A', date: '2024-08-25' };
    await expect(source.read([paddock], broken, ['B04'], window)).rejects.toThrow(
      /Could not open the COG http:\/\/127\.0\.0\.1:\d+\/files\/nowhere/,
    );

    await expect(
      source.read([paddock], { ...(capture as Capture), id: 'S2A_55HEV_20990101_0_L2A' }, ['B04'], window),
    ).rejects.toThrow(
      'Sentinel-2 capture S2A_55HEV_20990101_0_L2A: STAC has no item S2A_55HEV_20990101_0_L2A in sentinel-2-l2a',
    );
  });

  it('takes the STAC item’s nodata when the COG has no nodata tag: fill pixels are no data, not reflectance -0.1', async () => {
    const scene = flatScene(patch, { B04: 0.0731, B08: 0.4122 });
    // The western half of the scene is fill: DN 0 in every band, and SCL 0.
    for (let p = 0; p < scene.mask.length; p++) {
      if (p % patch.width < patch.width / 2) {
        (scene.bands.B04 as Float32Array)[p] = Number.NaN;
        (scene.bands.B08 as Float32Array)[p] = Number.NaN;
      }
    }
    // SCL says clear everywhere: only the bands' nodata can tell the fill apart.
    publish(server, scene, 'S2A_55HEV_20240812_0_L2A', '2024-08-12T00:10:00Z', { noDataTag: false });
    const [capture] = await source.catalog([paddock], 'standard', winter);
    const window: RasterWindow = { ...inPatch, bbox: patchWindow(patch), width: 32, height: 32 };
    const read = await source.read([paddock], capture as Capture, ['B04', 'B08'], window);
    const values = [...(read.bands.B04 as Float32Array)].filter((value) => !Number.isNaN(value));
    expect(values.length).toBeGreaterThan(200);
    expect(Math.min(...values)).toBeGreaterThan(0.07);
    expect(share(read.mask, pixelClass.noData)).toBeGreaterThan(0.3);
  });

  it.each([
    ['GDA2020 / MGA zone 55', 7855],
    ['GDA94 / MGA zone 55', 28355],
  ])('reads COGs in %s (EPSG:%d)', async (_name, epsg) => {
    const grid: UtmGrid = { ...patch, epsg };
    publish(server, flatScene(grid, { B04: 0.0731, B08: 0.4122 }), `MGA_${epsg}_20240814`, '2024-08-14T00:10:00Z');
    const [capture] = await source.catalog([paddock], 'standard', winter);
    const read = await source.read([paddock], capture as Capture, ['B04', 'B08'], inPatch);
    expect(read.bands.B04?.every((value) => Math.abs(value - 0.0731) < 1e-6)).toBe(true);
    expect(share(read.mask, pixelClass.clear)).toBe(1);
  });

  it('reads COGs in any projected CRS of the EPSG registry, such as GDA94 / Geoscience Australia Lambert (EPSG:3112)', async () => {
    // The patch's corners in EPSG:3112 metres; the Lambert grid is turned a little against UTM, so it
    // is drawn a pixel wider all round and a flat scene reads the same wherever the window falls.
    const toLambert = proj4(projDefinition(32755), projDefinition(3112));
    const corners = [
      [patch.originX, patch.originY],
      [patch.originX + patch.width * patch.pixelSize, patch.originY],
      [patch.originX, patch.originY - patch.height * patch.pixelSize],
      [patch.originX + patch.width * patch.pixelSize, patch.originY - patch.height * patch.pixelSize],
    ].map((corner) => toLambert.forward(corner as [number, number]));
    const xs = corners.map(([x]) => x as number);
    const ys = corners.map(([, y]) => y as number);
    const originX = Math.floor(Math.min(...xs)) - patch.pixelSize;
    const originY = Math.ceil(Math.max(...ys)) + patch.pixelSize;
    const lambert: UtmGrid = {
      epsg: 3112,
      originX,
      originY,
      pixelSize: patch.pixelSize,
      width: Math.ceil((Math.max(...xs) + patch.pixelSize - originX) / patch.pixelSize),
      height: Math.ceil((originY - Math.min(...ys) + patch.pixelSize) / patch.pixelSize),
    };
    publish(server, flatScene(lambert, { B04: 0.0642, B08: 0.3871 }), 'LAMBERT_20240815', '2024-08-15T00:10:00Z', {
      itemGrid: patch,
    });
    const [capture] = await source.catalog([paddock], 'standard', winter);
    expect(capture?.id).toBe('LAMBERT_20240815');
    const read = await source.read([paddock], capture as Capture, ['B04', 'B08'], inPatch);
    expect(read.bands.B08?.every((value) => Math.abs(value - 0.3871) < 1e-6)).toBe(true);
    expect(share(read.mask, pixelClass.clear)).toBe(1);
  });

  it('does not offer a capture whose image cannot be read, and says why in words when it is asked for', async () => {
    // COGs tagged with EPSG:30000, a code the EPSG registry does not hold (a private one).
    const id = publish(
      server,
      flatScene({ ...patch, epsg: 30000 }, { B04: 0.1, B08: 0.4 }),
      'PRIVATE_20240816',
      '2024-08-16T00:10:00Z',
      {
        itemGrid: patch,
      },
    );
    expect(await source.catalog([paddock], 'standard', winter)).toEqual([]);
    const capture: Capture = {
      id,
      layer: 'standard',
      date: '2024-08-16',
      resolutionM: 10,
      sourceLabel: 'SENTINEL-2 L2A',
    };
    await expect(source.read([paddock], capture, ['B04'], inPatch)).rejects.toMatchObject({
      reason:
        'This image is in coordinate system EPSG:30000, which is not a map projection Paddock knows, so it cannot be placed on the map.',
    });
  });
});
