import { mercatorBBox } from '../geo';
import { writeCog } from '../testing/cog-writer';
import { startStacServer, type StacServer } from '../testing/stac-server';
import { openCog, readBandsOnGrid, readOnGrid } from './cog';
import { projectWindow } from './reproject';

/** Two bands on one 10 m UTM grid, with no-data holes (0) in different places, as red and near infrared are. */
function band(seed: number, width: number, height: number): Uint16Array {
  const data = new Uint16Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = (i * seed) % 97 === 0 ? 0 : 500 + ((i * seed * 7919) % 4000);
  return data;
}

describe('readBandsOnGrid', () => {
  let server: StacServer;
  beforeAll(async () => {
    server = await startStacServer();
  });
  afterAll(async () => server?.close());

  it('gives every band exactly what readOnGrid gives it alone, at full resolution and from an overview', async () => {
    const grid = { epsg: 32755, origin: [526500, 6116800] as const, pixelSize: 10, width: 300, height: 260, noData: 0 };
    const red = await openCog(server.addFile('red.tif', writeCog({ ...grid, data: band(3, 300, 260), tileSize: 64 })));
    const nir = await openCog(server.addFile('nir.tif', writeCog({ ...grid, data: band(5, 300, 260), tileSize: 64 })));
    // A window of about 11 m pixels (full resolution) and one of about 45 m (an overview), in web mercator.
    for (const window of [
      { bbox: mercatorBBox([147.3, -35.115, 147.318, -35.1]), width: 160, height: 150 },
      { bbox: mercatorBBox([147.29, -35.12, 147.33, -35.095]), width: 90, height: 70 },
    ]) {
      const projected = projectWindow(window, 32755);
      const together = await readBandsOnGrid(
        [
          { cog: red, noData: 0 },
          { cog: nir, noData: 0 },
        ],
        projected,
      );
      const alone = [await readOnGrid(red, projected, 'bilinear', 0), await readOnGrid(nir, projected, 'bilinear', 0)];
      expect(together).toEqual(alone);
      // The window has data and no-data pixels both, so both paths of the resampling were compared.
      const values = [...(together[0] ?? [])];
      expect(values.some(Number.isNaN)).toBe(true);
      expect(values.filter((value) => !Number.isNaN(value)).length).toBeGreaterThan(values.length / 2);
    }
  });
});
