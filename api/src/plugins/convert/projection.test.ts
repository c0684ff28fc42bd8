import { isLonLatBox, projectorFromPrj } from './projection';
import { ConversionFailure } from './failure';
import { mgaFromLonLat } from './testing/mga';
import { GDA94_PRJ, mgaPrj, WGS84_PRJ } from '../../files/shapefile-writer';

const dms = (degrees: number, minutes: number, seconds: number) =>
  Math.sign(degrees) * (Math.abs(degrees) + minutes / 60 + seconds / 3600);

/** Control points of the GDA Technical Manual (ICSM): geographic and MGA coordinates of survey marks. */
const CONTROL_POINTS = [
  {
    mark: 'Flinders Peak',
    zone: 55,
    lon: dms(144, 25, 29.5244),
    lat: dms(-37, 57, 3.7203),
    easting: 273741.297,
    northing: 5796489.777,
  },
  {
    mark: 'Buninyong',
    zone: 54,
    lon: dms(143, 55, 35.3839),
    lat: dms(-37, 39, 10.1561),
    easting: 758173.797,
    northing: 5828674.34,
  },
];

/** Degrees of longitude/latitude for about a centimetre on the ground. */
const CENTIMETRE = 1e-7;

describe('the independent MGA formula used by these tests', () => {
  it.each(CONTROL_POINTS)(
    'reproduces the published grid coordinates of $mark to the millimetre',
    ({ zone, lon, lat, easting, northing }) => {
      const [x, y] = mgaFromLonLat(lon, lat, zone);
      expect(Math.abs(x - easting)).toBeLessThan(0.002);
      expect(Math.abs(y - northing)).toBeLessThan(0.002);
    },
  );
});

describe('projectorFromPrj', () => {
  it.each(CONTROL_POINTS)(
    'puts the published grid coordinates of $mark back on the mark',
    ({ zone, lon, lat, easting, northing }) => {
      const project = projectorFromPrj(mgaPrj(zone, 'GDA2020'));
      const [x = NaN, y = NaN] = project?.(easting, northing) ?? [];
      expect(Math.abs(x - lon)).toBeLessThan(CENTIMETRE);
      expect(Math.abs(y - lat)).toBeLessThan(CENTIMETRE);
    },
  );

  // Across every MGA zone of Australia, both datums, at the central meridian and near both zone edges.
  const cases = [49, 50, 51, 52, 53, 54, 55, 56].flatMap((zone) =>
    (['GDA94', 'GDA2020'] as const).map((datum) => ({ zone, datum })),
  );
  it.each(cases)('lands MGA zone $zone ($datum) coordinates on the right longitude and latitude', ({ zone, datum }) => {
    const project = projectorFromPrj(mgaPrj(zone, datum));
    if (!project) throw new Error('a grid needs a projector');
    const centralMeridian = 6 * zone - 183;
    for (const [lon, lat] of [
      [centralMeridian, -12.5],
      [centralMeridian - 2.9, -25.25],
      [centralMeridian + 2.9, -43.6],
    ] as const) {
      const [easting, northing] = mgaFromLonLat(lon, lat, zone);
      const [x, y] = project(easting, northing);
      expect(Math.abs(x - lon)).toBeLessThan(CENTIMETRE);
      expect(Math.abs(y - lat)).toBeLessThan(CENTIMETRE);
    }
  });

  it('reads the OGC WKT that GDAL writes, not only the ESRI style', () => {
    const gdalWkt =
      'PROJCS["GDA2020 / MGA zone 55",GEOGCS["GDA2020",DATUM["Geocentric_Datum_of_Australia_2020",SPHEROID["GRS 1980",6378137,298.257222101,AUTHORITY["EPSG","7019"]],AUTHORITY["EPSG","1168"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","7844"]],PROJECTION["Transverse_Mercator"],PARAMETER["latitude_of_origin",0],PARAMETER["central_meridian",147],PARAMETER["scale_factor",0.9996],PARAMETER["false_easting",500000],PARAMETER["false_northing",10000000],UNIT["metre",1,AUTHORITY["EPSG","9001"]],AXIS["Easting",EAST],AXIS["Northing",NORTH],AUTHORITY["EPSG","7855"]]';
    const [flinders] = CONTROL_POINTS;
    const [x = NaN, y = NaN] = projectorFromPrj(gdalWkt)?.(273741.297, 5796489.777) ?? [];
    expect(Math.abs(x - (flinders?.lon ?? 0))).toBeLessThan(CENTIMETRE);
    expect(Math.abs(y - (flinders?.lat ?? 0))).toBeLessThan(CENTIMETRE);
  });

  it('needs no projection for WGS84 or GDA94 longitude/latitude', () => {
    expect(projectorFromPrj(WGS84_PRJ)).toBeUndefined();
    expect(projectorFromPrj(GDA94_PRJ)).toBeUndefined();
  });

  it('answers 422 with a clear message for a .prj it cannot read', () => {
    expect(() => projectorFromPrj('this is not a coordinate system')).toThrow(ConversionFailure);
    expect(() => projectorFromPrj('this is not a coordinate system')).toThrow(/could not read the coordinate system/);
  });
});

describe('isLonLatBox', () => {
  it('tells degrees from metres', () => {
    expect(isLonLatBox([144.4, -37.9, 144.5, -37.8])).toBe(true);
    expect(isLonLatBox([273000, 5796000, 274000, 5797000])).toBe(false);
  });
});
