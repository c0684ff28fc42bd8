import { HttpError } from '../errors';
import { ImageryService, type ImageryField } from './service';
import { CogReadError } from './sentinel2/cog';
import { imageryFailure, transferableFailure } from './failure';
import { pixelClass, type Capture } from './source';
import { sceneCogs, sceneItem } from './testing/scene';
import { startStacServer, type StacServer } from './testing/stac-server';

describe('imagery failures reach the person in words', () => {
  it('carries a source error’s reason across a thread to a 502 with it; other errors stay as they are', () => {
    const failure = imageryFailure(
      structuredClone(transferableFailure(new CogReadError('tech', 'This image is not tiled.', true))),
    );
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ statusCode: 502, detail: 'This image is not tiled.' });
    const other = new Error('bug');
    expect(imageryFailure(transferableFailure(other))).toBe(other);
  });

  describe('through the worker pool', () => {
    let server: StacServer;
    let service: ImageryService;
    beforeAll(async () => {
      server = await startStacServer();
      service = new ImageryService({
        source: { kind: 'sentinel2', stacApiUrl: server.url, collection: 'sentinel-2-l2a' },
        workerThreads: 1,
        tileCacheBytes: 1 << 20,
      });
    });
    afterAll(async () => {
      await service.close();
      await server.close();
    });

    it('answers statistics of an unreadable capture with 502 and the reason, not "Something went wrong"', async () => {
      const grid = { epsg: 32755, originX: 527500, originY: 6115500, pixelSize: 10, width: 64, height: 64 };
      const size = grid.width * grid.height;
      const cogs = sceneCogs({
        grid: { ...grid, epsg: 30000 },
        bands: { B04: new Float32Array(size).fill(0.1), B08: new Float32Array(size).fill(0.4) },
        mask: new Uint8Array(size).fill(pixelClass.clear),
      });
      const hrefs = Object.fromEntries(
        Object.entries(cogs).map(([key, bytes]) => [key, server.addFile(`nztm/${key}.tif`, bytes)]),
      );
      server.addItem(sceneItem({ id: 'NZTM_20240816', datetime: '2024-08-16T00:10:00Z', grid, hrefs }));
      const field: ImageryField = {
        fieldId: 'f1',
        farmId: 'farm',
        version: '1',
        cropType: 'Wheat',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [147.305, -35.11],
              [147.31, -35.11],
              [147.31, -35.105],
              [147.305, -35.11],
            ],
          ],
        },
        bbox: [147.305, -35.11, 147.31, -35.105],
      };
      const capture: Capture = {
        id: 'NZTM_20240816',
        layer: 'standard',
        date: '2024-08-16',
        resolutionM: 10,
        sourceLabel: 'SENTINEL-2 L2A',
      };
      await expect(service.fieldStatistics([field], capture, 'NDVI')).rejects.toMatchObject({
        statusCode: 502,
        detail: expect.stringMatching(
          /^This image is in coordinate system EPSG:30000, which is not a map projection Paddock knows/,
        ),
      });
    });
  });
});
