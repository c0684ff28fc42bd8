import proj4 from 'proj4';
import type { Place } from '@paddock/shared/contracts';

/**
 * Coordinates typed into the search box: 'lat, lon' in decimal degrees (either order when one of them
 * can only be a longitude) and MGA grid references 'zone easting northing' (GDA2020 / GDA94 MGA zones
 * 49–56, e.g. '54 585000 5937000', 'MGA54 585000E 5937000N', 'zone 54 585000 5937000').
 * GDA2020 and GDA94 differ by under 2 m, less than a search needs; both are read on the GRS80 ellipsoid.
 */

const MGA_ZONES = { min: 49, max: 56 } as const;
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

function coordinatePlace(lat: number, lon: number, label: string): Place {
  return {
    label,
    kind: 'coordinates',
    name: label,
    state: null,
    postcode: null,
    lat: round(lat, 6),
    lon: round(lon, 6),
  };
}

const NUMBER = String.raw`[-+]?\d+(?:\.\d+)?`;
const LAT_LON = new RegExp(String.raw`^\s*(${NUMBER})\s*°?\s*([NS])?\s*[,;\s]\s*(${NUMBER})\s*°?\s*([EW])?\s*$`, 'i');

/** 'lat, lon' (or 'lon, lat' when the first number can only be a longitude); null when the text is not that. */
export function parseLatLon(text: string): Place | null {
  const match = LAT_LON.exec(text);
  if (!match) return null;
  let a = Number(match[1]);
  let b = Number(match[3]);
  if (match[2]?.toUpperCase() === 'S') a = -Math.abs(a);
  if (match[4]?.toUpperCase() === 'W') b = -Math.abs(b);
  let [lat, lon] = [a, b];
  if (Math.abs(a) > 90 && Math.abs(b) <= 90) [lat, lon] = [b, a];
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return coordinatePlace(lat, lon, `${lat.toFixed(5)}, ${lon.toFixed(5)}`);
}

const MGA = new RegExp(
  String.raw`^\s*(?:(?:mga|zone|z)\s*(?:zone)?\s*)?(\d{2})\s*[,;\s]\s*(${NUMBER})\s*(?:m?e)?\s*[,;\s]\s*(${NUMBER})\s*(?:m?n)?\s*$`,
  'i',
);

/** MGA 'zone easting northing' → WGS84; null when the text is not that or lies outside the zone's range. */
export function parseMga(text: string): Place | null {
  const match = MGA.exec(text);
  if (!match) return null;
  const zone = Number(match[1]);
  const easting = Number(match[2]);
  const northing = Number(match[3]);
  if (zone < MGA_ZONES.min || zone > MGA_ZONES.max) return null;
  // A zone's eastings stay within about 160–840 km; Australian northings between about 4,800 and 9,000 km.
  if (easting < 100_000 || easting > 900_000 || northing < 4_000_000 || northing > 10_000_000) return null;
  const mga = `+proj=utm +zone=${zone} +south +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs`;
  const [lon, lat] = proj4(mga, 'EPSG:4326', [easting, northing]) as [number, number];
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  return coordinatePlace(lat, lon, `MGA zone ${zone} ${Math.round(easting)} E ${Math.round(northing)} N`);
}

/** The place a coordinate query names (MGA first: three numbers are never 'lat, lon'), or null. */
export function parseCoordinates(text: string): Place | null {
  return parseMga(text) ?? parseLatLon(text);
}
