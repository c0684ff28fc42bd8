/**
 * proj4 definitions of the projected coordinate systems imagery comes in, by EPSG code: web
 * mercator; WGS 84 / UTM (Sentinel-2's own); and the Australian systems users hold their own imagery
 * in: GDA94 and GDA2020 / MGA zones 46–59, Australian Albers, Vicgrid, NSW Lambert and SA Lambert.
 * Parameters as in the EPSG registry (GDA94 and GDA2020 are both taken as WGS 84 here: they differ by
 * under 2 m, less than a Sentinel-2 pixel).
 */

const GRS80 = '+ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs';
const albers = `+proj=aea +lat_0=0 +lon_0=132 +lat_1=-18 +lat_2=-36 +x_0=0 +y_0=0 ${GRS80}`;
const vicgrid = `+proj=lcc +lat_0=-37 +lon_0=145 +lat_1=-36 +lat_2=-38 +x_0=2500000 +y_0=2500000 ${GRS80}`;
const nswLambert = `+proj=lcc +lat_0=-33.25 +lon_0=147 +lat_1=-30.75 +lat_2=-35.75 +x_0=9300000 +y_0=4500000 ${GRS80}`;
const saLambert = `+proj=lcc +lat_0=-32 +lon_0=135 +lat_1=-28 +lat_2=-36 +x_0=1000000 +y_0=2000000 ${GRS80}`;

const NAMED: Record<number, { name: string; proj: string }> = {
  3577: { name: 'GDA94 / Australian Albers', proj: albers },
  9473: { name: 'GDA2020 / Australian Albers', proj: albers },
  3111: { name: 'GDA94 / Vicgrid', proj: vicgrid },
  7899: { name: 'GDA2020 / Vicgrid', proj: vicgrid },
  3308: { name: 'GDA94 / NSW Lambert', proj: nswLambert },
  8058: { name: 'GDA2020 / NSW Lambert', proj: nswLambert },
  3107: { name: 'GDA94 / SA Lambert', proj: saLambert },
  8059: { name: 'GDA2020 / SA Lambert', proj: saLambert },
};

const utm = (zone: number, south: boolean, datum: string) =>
  `+proj=utm +zone=${zone}${south ? ' +south' : ''} ${datum}`;

/** The CRS of an EPSG code: its name and proj4 definition, or null when Paddock does not know it. */
export function projectedCrs(epsg: number): { name: string; proj: string } | null {
  if (epsg === 3857) return { name: 'WGS 84 / Pseudo-Mercator', proj: 'EPSG:3857' };
  const named = NAMED[epsg];
  if (named) return named;
  const zone = epsg % 100;
  const family = Math.floor(epsg / 100);
  if ((family === 326 || family === 327) && zone >= 1 && zone <= 60)
    return {
      name: `WGS 84 / UTM zone ${zone}${family === 327 ? 'S' : 'N'}`,
      proj: utm(zone, family === 327, '+datum=WGS84 +units=m +no_defs'),
    };
  if (family === 283 && zone >= 46 && zone <= 59)
    return { name: `GDA94 / MGA zone ${zone}`, proj: utm(zone, true, GRS80) };
  if (epsg >= 7846 && epsg <= 7859)
    return { name: `GDA2020 / MGA zone ${epsg - 7800}`, proj: utm(epsg - 7800, true, GRS80) };
  return null;
}
