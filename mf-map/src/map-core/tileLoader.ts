import type ImageTile from 'ol/ImageTile';
import type Tile from 'ol/Tile';
import TileState from 'ol/TileState';

/** Answers that mean "nothing to draw here" rather than a failure. */
const EMPTY_STATUSES = new Set([204, 404]);

/** A 1×1 transparent image: a tile outside the fields is drawn as nothing and still counts as loaded. */
function transparentImage(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  return canvas;
}

/**
 * An OpenLayers tile load function that fetches each tile with the bearer token (a plain image URL
 * cannot carry it) and shows it through a blob URL, released once the image has decoded.
 */
export function createTileLoader(fetchTile: (url: string) => Promise<Response>) {
  return (tile: Tile, src: string): void => {
    const imageTile = tile as ImageTile;
    fetchTile(src)
      .then(async (response) => {
        if (EMPTY_STATUSES.has(response.status)) {
          imageTile.setImage(transparentImage());
          return;
        }
        if (!response.ok) throw new Error(`Tile answered ${response.status}`);
        const image = imageTile.getImage();
        if (!(image instanceof HTMLImageElement)) throw new Error('Tile has no image element');
        const url = URL.createObjectURL(await response.blob());
        const release = () => URL.revokeObjectURL(url);
        image.addEventListener('load', release, { once: true });
        image.addEventListener('error', release, { once: true });
        image.src = url;
      })
      .catch(() => imageTile.setState(TileState.ERROR));
  };
}
