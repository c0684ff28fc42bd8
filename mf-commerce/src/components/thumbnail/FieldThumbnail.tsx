import type { AreaGeometry } from '@paddock/shared/contracts';

const SIZE = 100;
const PAD = 6;

/** The rings of a polygon or multipolygon (lon/lat). */
const ringsOf = (geometry: AreaGeometry): number[][][] =>
  geometry.type === 'Polygon'
    ? (geometry.coordinates as number[][][])
    : (geometry.coordinates as number[][][][]).flat();

/** SVG path data for a field drawn into a 100×100 box (x scaled by cos(latitude), north up). */
export function thumbnailPath(geometry: AreaGeometry): string {
  const rings = ringsOf(geometry);
  const points = rings.flat();
  if (points.length === 0) return '';
  const lats = points.map((point) => point[1] ?? 0);
  const midLat = ((Math.min(...lats) + Math.max(...lats)) / 2) * (Math.PI / 180);
  const xs = points.map((point) => (point[0] ?? 0) * Math.cos(midLat));
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const minY = Math.min(...lats);
  const maxY = Math.max(...lats);
  const span = Math.max(maxX - minX, maxY - minY) || 1;
  const scale = (SIZE - 2 * PAD) / span;
  const offsetX = (SIZE - (maxX - minX) * scale) / 2;
  const offsetY = (SIZE - (maxY - minY) * scale) / 2;
  return rings
    .map(
      (ring) =>
        ring
          .map((point, index) => {
            const x = ((point[0] ?? 0) * Math.cos(midLat) - minX) * scale + offsetX;
            const y = (maxY - (point[1] ?? 0)) * scale + offsetY;
            return `${index === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`;
          })
          .join(' ') + ' Z',
    )
    .join(' ');
}

/** The outline of a bbox, for a field whose geometry is no longer available. */
export const bboxGeometry = ([minX, minY, maxX, maxY]: readonly [number, number, number, number]): AreaGeometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [minX, minY],
      [maxX, minY],
      [maxX, maxY],
      [minX, maxY],
      [minX, minY],
    ],
  ],
});

/** A 100×100 picture of a field's outline (spec 3 §2.10 thumbnails), drawn from its geometry (or bbox). */
export function FieldThumbnail({
  geometry,
  bbox,
  name,
}: {
  geometry: AreaGeometry | null;
  bbox: readonly [number, number, number, number];
  name: string;
}) {
  return (
    <svg
      width={SIZE}
      height={SIZE}
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      role="img"
      aria-label={`Outline of ${name}`}
      style={{ background: '#e8efe6', borderRadius: 6, flex: 'none' }}
    >
      <path
        d={thumbnailPath(geometry ?? bboxGeometry(bbox))}
        fill="rgba(31,122,58,0.35)"
        stroke="#1f7a3a"
        strokeWidth="2"
        fillRule="evenodd"
      />
    </svg>
  );
}
