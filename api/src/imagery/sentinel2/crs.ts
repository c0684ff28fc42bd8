import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import proj4 from 'proj4';

/**
 * proj4 definitions of the projected coordinate systems imagery comes in, by EPSG code. The ones
 * imagery usually comes in are written here (web mercator; WGS 84 / UTM, Sentinel-2's own; GDA94 and
 * GDA2020 / MGA zones, Australian Albers, Vicgrid, NSW and SA Lambert), so the common case reads no
 * file; every other projected CRS of the EPSG registry is looked up in `epsg-index` (one small JSON
 * file per code, read once and kept). GDA94 and GDA2020 are both taken as WGS 84: they differ by under
 * 2 m, less than a Sentinel-2 pixel.
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

export interface ProjectedCrs {
  name: string;
  proj: string;
}

/** The CRS of an EPSG code: its name and proj4 definition, or null when it is not a projected CRS PROJ knows. */
export function projectedCrs(epsg: number): ProjectedCrs | null {
  return builtInCrs(epsg) ?? registryCrs(epsg);
}

function builtInCrs(epsg: number): ProjectedCrs | null {
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

const require = createRequire(import.meta.url);
const registryCache = new Map<number, ProjectedCrs | null>();

/** An EPSG registry entry (`epsg-index`), when it is a projected CRS with a proj4 definition proj4 accepts. */
function registryCrs(epsg: number): ProjectedCrs | null {
  if (!Number.isInteger(epsg) || epsg <= 0 || epsg >= 1_000_000) return null;
  if (registryCache.has(epsg)) return registryCache.get(epsg) ?? null;
  const crs = readRegistryEntry(epsg);
  registryCache.set(epsg, crs);
  return crs;
}

interface RegistryEntry {
  kind?: string;
  name?: string;
  proj4?: string;
}

function readRegistryEntry(epsg: number): ProjectedCrs | null {
  let entry: RegistryEntry;
  try {
    const file = require.resolve(`epsg-index/s/${epsg}.json`);
    entry = JSON.parse(readFileSync(file, 'utf8')) as RegistryEntry;
  } catch {
    return null; // not in the registry
  }
  if (entry.kind !== 'CRS-PROJCRS' || !entry.proj4 || !entry.name) return null;
  const proj = entry.proj4.replace(/\s*\+type=crs\b/, '').trim();
  try {
    proj4('EPSG:4326', proj).forward([0, 0]);
  } catch {
    return null; // a projection proj4 does not implement
  }
  return { name: entry.name, proj };
}
