import { fromArrayBuffer, type GeoTIFF } from 'geotiff';
import { writeCog, type CogOptions } from './cog-writer';

const open = (bytes: Buffer): Promise<GeoTIFF> =>
  fromArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);

function gradient(width: number, height: number): Uint16Array {
  const data = new Uint16Array(width * height);
  for (let row = 0; row < height; row++)
    for (let column = 0; column < width; column++) data[row * width + column] = 1000 + row * 3 + column;
  return data;
}

const base = { epsg: 32755, origin: [526500, 6116800] as const, pixelSize: 10 };

describe('writeCog', () => {
  it('writes a tiled GeoTIFF in a UTM zone that geotiff.js reads back pixel for pixel', async () => {
    const data = gradient(300, 200);
    const tiff = await open(writeCog({ ...base, width: 300, height: 200, data, tileSize: 64, noData: 0 }));
    const image = await tiff.getImage(0);
    expect([image.getWidth(), image.getHeight(), image.getTileWidth(), image.getTileHeight()]).toEqual([
      300, 200, 64, 64,
    ]);
    expect(image.getGeoKeys()).toMatchObject({
      GTModelTypeGeoKey: 1,
      GTRasterTypeGeoKey: 1,
      ProjectedCSTypeGeoKey: 32755,
    });
    expect(image.getOrigin().slice(0, 2)).toEqual([526500, 6116800]);
    expect(image.getResolution().slice(0, 2)).toEqual([10, -10]);
    expect(image.getGDALNoData()).toBe(0);
    // A window across tile edges, including the padded last column of tiles.
    const [values] = (await image.readRasters({ window: [250, 60, 300, 70] })) as unknown as [Uint16Array];
    const expected = Array.from({ length: 10 }, (_, row) =>
      Array.from({ length: 50 }, (_, column) => 1000 + (60 + row) * 3 + 250 + column),
    ).flat();
    expect(Array.from(values)).toEqual(expected);
  });

  it('adds overviews, each half the size of the one before, until one tile holds the image', async () => {
    const tiff = await open(writeCog({ ...base, width: 300, height: 200, data: gradient(300, 200), tileSize: 64 }));
    const sizes = [];
    for (let i = 0; i < (await tiff.getImageCount()); i++) {
      const image = await tiff.getImage(i);
      sizes.push([image.getWidth(), image.getHeight(), image.fileDirectory.getValue('NewSubfileType')]);
    }
    expect(sizes).toEqual([
      [300, 200, 0],
      [150, 100, 1],
      [75, 50, 1],
      [38, 25, 1],
    ]);
  });

  it('averages reflectance into overviews without the no-data pixels, and keeps classes by nearest', async () => {
    // The top-left 2×2 block is 10, 20 / 30, no data: its overview pixel is the mean of the three.
    const reflectance = new Uint16Array(32 * 32).fill(7);
    reflectance.set([10, 20], 0);
    reflectance.set([30, 0], 32);
    const tiff = await open(writeCog({ ...base, width: 32, height: 32, data: reflectance, tileSize: 16, noData: 0 }));
    const overview = await tiff.getImage(1);
    const [averaged] = (await overview.readRasters({ window: [0, 0, 1, 1] })) as unknown as [Uint16Array];
    expect(averaged[0]).toBe(20);

    const classes = new Uint8Array(32 * 32).fill(4);
    classes[0] = 9;
    const sclTiff = await open(writeCog({ ...base, width: 32, height: 32, data: classes, tileSize: 16 }));
    const [nearest] = (await (await sclTiff.getImage(1)).readRasters({ window: [0, 0, 1, 1] })) as unknown as [
      Uint8Array,
    ];
    expect(nearest[0]).toBe(9);
  });

  it.each<[string, Partial<CogOptions>, CogOptions['data']]>([
    ['8-bit classes', {}, new Uint8Array([0, 3, 8, 9, 10, 4])],
    ['32-bit float, uncompressed', { compression: 'none' }, new Float32Array([0.5, -0.25, 1e-3, 3.75, Number.NaN, 2])],
  ])('round-trips %s', async (_name, options, data) => {
    const tiff = await open(writeCog({ ...base, width: 3, height: 2, data, tileSize: 16, ...options }));
    const [values] = (await (await tiff.getImage(0)).readRasters()) as unknown as [Float32Array | Uint8Array];
    expect(Array.from(values)).toEqual(Array.from(data));
  });

  it('records scale and offset as GDAL metadata', async () => {
    const tiff = await open(
      writeCog({ ...base, width: 4, height: 4, data: new Uint16Array(16).fill(1500), scale: 0.0001, offset: -0.1 }),
    );
    expect(await (await tiff.getImage(0)).getGDALMetadata(0)).toEqual({ SCALE: '0.0001', OFFSET: '-0.1' });
  });

  it('refuses data that does not match the size', () => {
    expect(() => writeCog({ ...base, width: 4, height: 4, data: new Uint16Array(15) })).toThrow(
      'COG data has 15 samples, expected 4×4',
    );
  });
});
