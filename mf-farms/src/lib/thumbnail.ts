import type { AreaGeometry, Position } from '@paddock/shared/contracts';

/** Spec 1 §9: 100×100 thumbnails at 2× with 8 px padding; drawn in a 200-unit box (2 units per CSS px). */
export const THUMBNAIL = { cssSize: 100, scale: 2, cssPadding: 8 } as const;
export const VIEWBOX_SIZE = THUMBNAIL.cssSize * THUMBNAIL.scale;
export const VIEWBOX_PADDING = THUMBNAIL.cssPadding * THUMBNAIL.scale;

type Point = [number, number];
type Ring = Point[];

const RADIANS = Math.PI / 180;
// Web Mercator is undefined at the poles; the map itself clips here too.
const MAX_LATITUDE = 85.05112878;

/** Web Mercator on a unit sphere, y pointing down like SVG. Scale is irrelevant: the result is fitted. */
export function mercator([lon, lat]: Position): Point {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
  return [lon * RADIANS, -Math.log(Math.tan(Math.PI / 4 + (clamped * RADIANS) / 2))];
}

/** Every ring of the geometry (outer and holes alike: evenodd filling tells them apart). */
function ringsOf(geometry: AreaGeometry): Position[][] {
  return geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat();
}

interface Fit {
  scale: number;
  offsetX: number;
  offsetY: number;
  minX: number;
  minY: number;
}

/** Scales the projected bounds into the padded box, keeping aspect ratio, centred on both axes. */
function fitToBox(rings: Ring[], size: number, padding: number): Fit {
  // A loop, not Math.min(...points): a whole imported farm has more points than a call has arguments.
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const ring of rings) {
    for (const [x, y] of ring) {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  }
  const width = maxX - minX;
  const height = maxY - minY;
  const inner = size - 2 * padding;
  const extent = Math.max(width, height);
  const scale = extent > 0 ? inner / extent : 1;
  return {
    scale,
    minX,
    minY,
    offsetX: padding + (inner - width * scale) / 2,
    offsetY: padding + (inner - height * scale) / 2,
  };
}

const round = (value: number) => Math.round(value * 100) / 100;

function ringPath(ring: Ring, fit: Fit): string {
  const points = ring.map(
    ([x, y]) => `${round(fit.offsetX + (x - fit.minX) * fit.scale)} ${round(fit.offsetY + (y - fit.minY) * fit.scale)}`,
  );
  // Points that land on the same spot at this size draw nothing; dropping them keeps big drawings light.
  const distinct = points.filter((point, index) => index === 0 || point !== points[index - 1]);
  return `M${distinct.join('L')}Z`;
}

/** One SVG path of all the geometries, fitted together into a `size` box with `padding`; empty with no points. */
export function outlinePath(geometries: readonly AreaGeometry[], size: number, padding: number): string {
  const rings = geometries
    .flatMap(ringsOf)
    .filter((ring) => ring.length > 0)
    .map((ring) => ring.map(mercator));
  if (rings.length === 0) return '';
  const fit = fitToBox(rings, size, padding);
  return rings.map((ring) => ringPath(ring, fit)).join('');
}

/** An SVG path of the geometry fitted into a `size` box with `padding`; empty for a geometry with no points. */
export function thumbnailPath(geometry: AreaGeometry, size = VIEWBOX_SIZE, padding = VIEWBOX_PADDING): string {
  return outlinePath([geometry], size, padding);
}
