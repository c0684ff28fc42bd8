import type ImageTile from 'ol/ImageTile';
import TileState from 'ol/TileState';
import { createTileLoader } from './tileLoader';

/** The parts of an OpenLayers image tile the loader touches. */
function fakeTile() {
  const image = document.createElement('img');
  const tile = { getImage: () => image, setImage: jest.fn(), setState: jest.fn() };
  return { tile, image, asTile: tile as unknown as ImageTile };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('tile loading with the bearer token', () => {
  const created: string[] = [];
  const revoked: string[] = [];
  beforeAll(() => {
    URL.createObjectURL = () => {
      created.push(`blob:tile-${created.length + 1}`);
      return created.at(-1) as string;
    };
    URL.revokeObjectURL = (url: string) => revoked.push(url);
  });

  it('shows a fetched PNG through a blob URL and releases it once decoded', async () => {
    const fetchTile = jest.fn(
      async () =>
        new Response(new Uint8Array([137, 80, 78, 71]), { status: 200, headers: { 'content-type': 'image/png' } }),
    );
    const { tile, image, asTile } = fakeTile();
    createTileLoader(fetchTile)(asTile, 'http://api.test/v2/tiles/standard_NDVI/2026-03-01/15/1/2.png?field_ids=x1');
    await settle();
    await settle();
    expect(fetchTile).toHaveBeenCalledWith('http://api.test/v2/tiles/standard_NDVI/2026-03-01/15/1/2.png?field_ids=x1');
    expect(image.src).toBe(created.at(-1));
    expect(revoked).not.toContain(image.src);
    image.dispatchEvent(new Event('load'));
    expect(revoked).toContain(image.src);
    expect(tile.setState).not.toHaveBeenCalled();
  });

  it.each([204, 404])('draws nothing, as a loaded tile, on %s', async (status) => {
    const { tile, asTile } = fakeTile();
    createTileLoader(async () => new Response(null, { status }))(asTile, 'tile');
    await settle();
    expect(tile.setImage).toHaveBeenCalledWith(expect.any(HTMLCanvasElement));
    expect(tile.setState).not.toHaveBeenCalled();
  });

  it.each([
    ['a refusal', async () => new Response('{"detail":"NDRE needs Advanced"}', { status: 403 })],
    ['a network failure', async () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('marks the tile failed on %s', async (_, fetchTile) => {
    const { tile, asTile } = fakeTile();
    createTileLoader(fetchTile)(asTile, 'tile');
    await settle();
    await settle();
    expect(tile.setState).toHaveBeenCalledWith(TileState.ERROR);
  });
});
