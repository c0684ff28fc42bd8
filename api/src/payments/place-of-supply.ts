/**
 * GST follows the place of supply (ATO; spec README 'who pays GST'): zoning and imagery of fields in
 * Australia, every Rapid-EM booking (the machines work in Australia only) and subscriptions of
 * accounts whose country is AU — never a profile field the user can change for a field's supply.
 *
 * "In Australia" for a field is decided from its geometry: the centre of its bounding box lies inside
 * a coarse outline of the Australian mainland and Tasmania, drawn generously offshore (roughly half a
 * degree to a degree beyond the coast) and well clear of New Zealand, Papua New Guinea, Timor and
 * Indonesia, so every paddock on the continent or Tasmania is inside and no foreign one is.
 */

/** [lon, lat] vertices, clockwise from the North West Cape. */
const AUSTRALIA: readonly (readonly [number, number])[] = [
  [112.5, -21.0],
  [116.0, -19.2],
  [121.0, -17.5],
  [122.5, -15.5],
  [124.5, -13.8],
  [127.0, -13.2],
  [129.0, -13.5],
  [129.5, -11.5],
  [131.0, -10.8],
  [133.0, -10.8],
  [136.5, -11.0],
  [137.2, -12.5],
  [136.5, -13.5],
  [138.0, -16.0],
  [140.0, -17.0],
  [141.0, -15.0],
  [141.2, -12.0],
  [141.6, -10.2],
  [142.6, -9.9],
  [143.6, -12.5],
  [145.0, -14.0],
  [146.0, -16.0],
  [147.0, -18.5],
  [150.0, -21.0],
  [152.5, -23.5],
  [154.0, -27.0],
  [154.0, -29.0],
  [153.5, -32.0],
  [152.0, -33.5],
  [151.0, -35.5],
  [150.5, -37.0],
  [149.5, -38.0],
  [147.0, -38.8],
  [148.8, -40.0],
  [148.8, -43.0],
  [147.5, -44.0],
  [145.5, -44.0],
  [144.3, -41.5],
  [143.5, -40.0],
  [143.0, -39.3],
  [141.0, -38.6],
  [139.5, -37.8],
  [138.0, -36.5],
  [136.0, -36.3],
  [135.5, -35.5],
  [133.5, -33.0],
  [131.0, -32.3],
  [128.0, -32.5],
  [125.0, -34.0],
  [123.0, -34.3],
  [119.5, -34.8],
  [117.5, -35.5],
  [114.5, -35.0],
  [114.3, -33.5],
  [114.8, -32.0],
  [114.5, -29.0],
  [113.0, -27.0],
  [112.5, -24.5],
];

/** Ray casting: is the point inside the outline? */
export function isInAustralia(point: { lon: number; lat: number }): boolean {
  const { lon, lat } = point;
  if (!Number.isFinite(lon) || !Number.isFinite(lat)) return false;
  let inside = false;
  for (let i = 0, j = AUSTRALIA.length - 1; i < AUSTRALIA.length; j = i, i += 1) {
    const [xi, yi] = AUSTRALIA[i] as readonly [number, number];
    const [xj, yj] = AUSTRALIA[j] as readonly [number, number];
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** A field (its stored bounding box) is supplied in Australia when its centre is. */
export function fieldInAustralia(field: { min_lon: number; min_lat: number; max_lon: number; max_lat: number }) {
  return isInAustralia({ lon: (field.min_lon + field.max_lon) / 2, lat: (field.min_lat + field.max_lat) / 2 });
}
