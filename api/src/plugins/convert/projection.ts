import proj4, { type Converter } from 'proj4';
import { unprocessable } from './failure';
import type { Pair, Projector } from './geometry';

/** Points well apart on the globe, to tell whether a coordinate system is WGS84 longitude/latitude already. */
const PROBES: Pair[] = [
  [147.5, -35.25],
  [-70.125, 45.75],
];

/**
 * The projector from a .prj's coordinate system (WKT as ESRI or OGC write it; proj4 parses it
 * directly) to WGS84 longitude/latitude, or undefined when the file is in WGS84 degrees already
 * (GDA94 and GDA2020 longitude/latitude too: without grid files proj4 applies no shift between
 * them and WGS84, and the difference, under 2 m, is below what a field boundary needs).
 */
export function projectorFromPrj(wkt: string): Projector | undefined {
  let converter: Converter;
  try {
    converter = proj4(wkt.trim(), 'EPSG:4326');
  } catch {
    throw unprocessable(
      "We could not read the coordinate system in this shapefile's .prj file. Export the shapefile again from your mapping software and upload all its files.",
    );
  }
  // A point the projection cannot take comes back as NaN, which the geometry check reports.
  const project: Projector = (x, y) => {
    try {
      const [lon = NaN, lat = NaN] = converter.forward([x, y]);
      return [lon, lat];
    } catch {
      return [NaN, NaN];
    }
  };
  const identity = PROBES.every(([x, y]) => {
    const [lon, lat] = project(x, y);
    return lon === x && lat === y;
  });
  return identity ? undefined : project;
}

/** Whether a box (a shapefile header's) could hold longitudes and latitudes. */
export function isLonLatBox([west, south, east, north]: readonly [number, number, number, number]): boolean {
  return west >= -180 && east <= 180 && south >= -90 && north <= 90;
}
