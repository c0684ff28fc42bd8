import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { convertLimits, convertResponseSchema, type ConvertResponse } from '@paddock/shared/contracts';
import type { Position } from 'geojson';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';
import { cutOffReason, damagedReason } from './shapefile';
import { mgaFromLonLat } from './testing/mga';
import { multipartBody, type UploadPart } from './testing/multipart';
import {
  GDA2020_MGA55_PRJ,
  GDA94_MGA55_PRJ,
  writeShapefile,
  type ShapefileFeature,
  type ShapefileParts,
} from '../../files/shapefile-writer';
import { deflateRepeated, zipFiles } from '../../files/zip-writer';

/** A square field of `size` degrees (or metres) with its south-west corner at (x, y), counter-clockwise. */
const squareAt = (x: number, y: number, size: number): Position[] => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];

/** The shapefile's parts as upload parts named `name`.shp, .shx, ... */
function shapefileUpload(parts: ShapefileParts, name = 'paddocks', only?: Array<keyof ShapefileParts>): UploadPart[] {
  return Object.entries(parts)
    .filter(([part]) => !only || only.includes(part as keyof ShapefileParts))
    .map(([part, content]) => ({ filename: `${name}.${part}`, content: content as Buffer }));
}

/** Flinders Peak (GDA Technical Manual): MGA zone 55 grid coordinates and the published longitude/latitude. */
const FLINDERS_PEAK = {
  easting: 273741.297,
  northing: 5796489.777,
  lon: 144 + 25 / 60 + 29.5244 / 3600,
  lat: -(37 + 57 / 60 + 3.7203 / 3600),
};

const kmlDocument = (placemarks: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>${placemarks}</Document></kml>`;
const kmlRing = (ring: Position[]) =>
  `<LinearRing><coordinates>${ring.map(([x, y]) => `${x},${y},0`).join(' ')}</coordinates></LinearRing>`;

const convertDirs = () => new Set(readdirSync(tmpdir()).filter((name) => name.startsWith('paddock-convert-')));

describe.each(availableBackends())('POST v2/convert on %s', (kind) => {
  let t: TestContext;
  let token: string;
  const dirsBefore = convertDirs();
  beforeAll(async () => {
    // This file converts far more than a person would in a minute; the limit has its own test below.
    t = await startTestApp(kind, { CONVERT_UPLOADS_PER_MINUTE: '10000' });
    token = await t.token();
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (parts: UploadPart[], options: { token?: string | null; headers?: Record<string, string> } = {}) => {
    const body = multipartBody(parts);
    return t.request({
      method: 'POST',
      url: '/v2/convert',
      token: options.token === null ? undefined : (options.token ?? token),
      payload: body.payload,
      headers: { ...body.headers, ...options.headers },
    });
  };

  /** Uploads, expects `status` and a body that satisfies the contract. */
  const converted = async (parts: UploadPart[], status: 200 | 206 = 200): Promise<ConvertResponse> => {
    const response = await upload(parts);
    expect({
      status: response.statusCode,
      body: response.statusCode === status ? 'as expected' : response.body,
    }).toEqual({ status, body: 'as expected' });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    return convertResponseSchema.parse(response.json());
  };

  const refused = async (parts: UploadPart[], status: 413 | 422): Promise<string> => {
    const response = await upload(parts);
    expect({ status: response.statusCode, body: response.body }).toEqual({
      status,
      body: expect.stringMatching(/^\{"detail":"/),
    });
    return (response.json() as { detail: string }).detail;
  };

  it('needs a bearer token (401)', async () => {
    const { shp, shx, dbf } = writeShapefile([
      { geometry: { type: 'Polygon', coordinates: [squareAt(147, -35, 0.01)] }, properties: {} },
    ]);
    const response = await upload(shapefileUpload({ shp, shx, dbf }), { token: null });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: expect.any(String) });
  });

  describe('shapefiles', () => {
    it('converts a WGS84 shapefile without a .prj: every feature, its attributes and the bbox (200)', async () => {
      const features: ShapefileFeature[] = [
        {
          geometry: { type: 'Polygon', coordinates: [squareAt(147.1, -35.2, 0.01)] },
          properties: { name: 'North', crop_name: 'Wheat', area: 101.25 },
        },
        {
          geometry: { type: 'Polygon', coordinates: [squareAt(147.2, -35.3, 0.02)] },
          properties: { name: 'South', crop_name: null, area: 6 },
        },
      ];
      const body = await converted(shapefileUpload(writeShapefile(features)));
      expect(body.invalid).toEqual([]);
      expect(body.converted).toBeUndefined();
      expect(body.features.map((feature) => feature.properties)).toEqual([
        { name: 'North', crop_name: 'Wheat', area: 101.25 },
        { name: 'South', crop_name: null, area: 6 },
      ]);
      // Written clockwise (the shapefile way), answered counter-clockwise (the GeoJSON way): the same corners.
      expect(body.features[0]?.geometry).toEqual({ type: 'Polygon', coordinates: [squareAt(147.1, -35.2, 0.01)] });
      expect(body.bbox).toEqual([147.1, -35.3, 147.2 + 0.02, -35.2 + 0.01]);
    });

    it.each([
      ['GDA2020', GDA2020_MGA55_PRJ],
      ['GDA94', GDA94_MGA55_PRJ],
    ])('lands an MGA zone 55 (%s) shapefile on the right longitude and latitude', async (_datum, prj) => {
      // One corner on the Flinders Peak survey mark (published grid coordinates), the others placed
      // by longitude/latitude and projected with an MGA formula independent of the api's proj4.
      const { easting, northing } = FLINDERS_PEAK;
      const corners: Position[] = [
        [FLINDERS_PEAK.lon, FLINDERS_PEAK.lat],
        [144.43, -37.951],
        [144.43, -37.945],
        [144.425, -37.946],
      ];
      const grid = [[easting, northing], ...corners.slice(1).map(([lon = 0, lat = 0]) => mgaFromLonLat(lon, lat, 55))];
      const body = await converted(
        shapefileUpload(
          writeShapefile(
            [
              {
                geometry: { type: 'Polygon', coordinates: [[...grid, [easting, northing]]] },
                properties: { name: 'Peak paddock' },
              },
            ],
            { prj },
          ),
        ),
      );
      const ring = body.features[0]?.geometry.coordinates[0] as Position[];
      expect(ring).toHaveLength(5);
      for (const [lon = 0, lat = 0] of corners) {
        // Every corner within a centimetre of where it belongs.
        const landed = ring.find(([x = 0, y = 0]) => Math.abs(x - lon) < 1e-7 && Math.abs(y - lat) < 1e-7);
        expect({ corner: [lon, lat], landed: landed !== undefined }).toEqual({ corner: [lon, lat], landed: true });
      }
    });

    it('keeps multipolygons and their holes', async () => {
      const outer = squareAt(147, -35, 0.1);
      const hole = [
        [147.02, -34.98],
        [147.02, -34.96],
        [147.04, -34.96],
        [147.04, -34.98],
        [147.02, -34.98],
      ]; // clockwise
      const island = squareAt(147.5, -35, 0.05);
      const body = await converted(
        shapefileUpload(
          writeShapefile([
            {
              geometry: { type: 'MultiPolygon', coordinates: [[outer, hole], [island]] },
              properties: { name: 'Split block' },
            },
          ]),
        ),
      );
      const geometry = body.features[0]?.geometry;
      expect(geometry?.type).toBe('MultiPolygon');
      const polygons = geometry?.coordinates as Position[][][];
      expect(polygons).toHaveLength(2);
      const withHole = polygons.find((polygon) => polygon.length === 2);
      expect(withHole?.[0]).toEqual(outer);
      expect(new Set(withHole?.[1]?.map(String))).toEqual(new Set(hole.map(String)));
      expect(polygons.find((polygon) => polygon.length === 1)?.[0]).toEqual(island);
    });

    const accented = ['Élan Downs', 'Pâturage Nord', 'Müller Creek', 'Ñandú Flat'];
    const accentedFeatures = accented.map((name, i) => ({
      geometry: { type: 'Polygon' as const, coordinates: [squareAt(147 + i / 10, -35, 0.01)] },
      properties: { name },
    }));

    it('decodes a .dbf without a .cpg as Latin-1', async () => {
      const body = await converted(shapefileUpload(writeShapefile(accentedFeatures, { encoding: 'latin1' })));
      expect(body.features.map((feature) => feature.properties.name)).toEqual(accented);
    });

    it('decodes a .dbf as its .cpg says (UTF-8)', async () => {
      const body = await converted(
        shapefileUpload(writeShapefile(accentedFeatures, { encoding: 'utf8', cpg: 'UTF-8' })),
      );
      expect(body.features.map((feature) => feature.properties.name)).toEqual(accented);
    });

    it('converts a zipped shapefile in a folder, ignoring what macOS adds to the zip', async () => {
      const parts = writeShapefile([
        { geometry: { type: 'Polygon', coordinates: [squareAt(147, -35, 0.01)] }, properties: { name: 'Zipped' } },
      ]);
      const zip = await zipFiles({
        'export/2024/Paddocks.SHP': parts.shp,
        'export/2024/Paddocks.shx': parts.shx,
        'export/2024/Paddocks.dbf': parts.dbf,
        'export/2024/readme.txt': Buffer.from('not a part'),
        '__MACOSX/export/2024/._Paddocks.shp': Buffer.from('resource fork'),
      });
      const body = await converted([{ filename: 'paddocks.zip', content: zip }]);
      expect(body.features.map((feature) => feature.properties)).toEqual([{ name: 'Zipped' }]);
    });

    it('answers 206 for a file with a bad feature: the others convert, the bad one is listed with its name and reason', async () => {
      const bowtie = [
        [147, -35],
        [147.01, -34.99],
        [147.01, -35],
        [147, -34.99],
        [147, -35],
      ];
      const features: ShapefileFeature[] = [
        { geometry: { type: 'Polygon', coordinates: [squareAt(147, -35, 0.01)] }, properties: { paddock: 'Good one' } },
        { geometry: { type: 'Polygon', coordinates: [bowtie] }, properties: { paddock: 'Twisted' } },
        {
          geometry: { type: 'Polygon', coordinates: [squareAt(147.1, -35, 0.01)] },
          properties: { paddock: 'Good two' },
        },
      ];
      const body = await converted(shapefileUpload(writeShapefile(features)), 206);
      expect(body.features.map((feature) => feature.properties.paddock)).toEqual(['Good one', 'Good two']);
      expect(body.invalid).toEqual([{ index: 2, name: 'Twisted', reason: 'The boundary crosses itself' }]);
      expect(body.converted).toBe(2);
    });

    it('answers 206 for a truncated .shp: the features before the cut convert, the lost ones are listed', async () => {
      const features = Array.from({ length: 5 }, (_, i) => ({
        geometry: { type: 'Polygon' as const, coordinates: [squareAt(147 + i / 10, -35, 0.01)] },
        properties: { name: `Paddock ${i + 1}` },
      }));
      const parts = writeShapefile(features);
      // Each record is 8 + 44 + 4 + 5 × 16 = 136 bytes: keep three whole records and half of the fourth.
      const shp = Buffer.from(parts.shp.subarray(0, 100 + 3 * 136 + 68));
      const body = await converted(shapefileUpload({ ...parts, shp }), 206);
      expect(body.features.map((feature) => feature.properties.name)).toEqual(['Paddock 1', 'Paddock 2', 'Paddock 3']);
      expect(body.invalid).toEqual([
        { index: 4, name: 'Paddock 4', reason: cutOffReason },
        { index: 5, name: 'Paddock 5', reason: cutOffReason },
      ]);
      expect(body.converted).toBe(3);
    });

    it('lists the features of a damaged stretch of .shp and converts the rest, quickly (206)', async () => {
      const features = Array.from({ length: 3 }, (_, i) => ({
        geometry: { type: 'Polygon' as const, coordinates: [squareAt(147 + i / 10, -35, 0.01)] },
        properties: { name: `Paddock ${i + 1}` },
      }));
      const parts = writeShapefile(features);
      // Junk over the second record's header and a few megabytes of junk after the file.
      const shp = Buffer.concat([parts.shp, Buffer.alloc(4 * 1024 * 1024, 0x41)]);
      shp.fill(0x41, 100 + 136, 100 + 136 + 12);
      const started = Date.now();
      const body = await converted(shapefileUpload({ ...parts, shp }), 206);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(body.features.map((feature) => feature.properties.name)).toEqual(['Paddock 1']);
      expect(body.invalid).toEqual([
        { index: 2, name: 'Paddock 2', reason: damagedReason },
        { index: 3, name: 'Paddock 3', reason: damagedReason },
      ]);
    });

    it('rebuilds a missing .shx from the .shp, as GDAL does (200), and lists what a truncated .shp lost (206)', async () => {
      const features = Array.from({ length: 4 }, (_, i) => ({
        geometry: { type: 'Polygon' as const, coordinates: [squareAt(147 + i / 10, -35, 0.01)] },
        properties: { name: `Paddock ${i + 1}` },
      }));
      const parts = writeShapefile(features);
      const whole = await converted(shapefileUpload(parts, 'paddocks', ['shp', 'dbf']));
      expect(whole.features.map((feature) => feature.properties.name)).toEqual([
        'Paddock 1',
        'Paddock 2',
        'Paddock 3',
        'Paddock 4',
      ]);
      expect(whole.features[2]?.geometry).toEqual({ type: 'Polygon', coordinates: [squareAt(147.2, -35, 0.01)] });

      const shp = Buffer.from(parts.shp.subarray(0, 100 + 2 * 136 + 50));
      const cut = await converted([...shapefileUpload({ ...parts, shp }, 'paddocks', ['shp', 'dbf'])], 206);
      expect(cut.features.map((feature) => feature.properties.name)).toEqual(['Paddock 1', 'Paddock 2']);
      expect(cut.invalid).toEqual([
        { index: 3, name: 'Paddock 3', reason: cutOffReason },
        { index: 4, name: 'Paddock 4', reason: cutOffReason },
      ]);
    });

    it('reads records whose .shx length is longer than the record (zero padding after it), as GDAL does', async () => {
      const features = Array.from({ length: 3 }, (_, i) => ({
        geometry: { type: 'Polygon' as const, coordinates: [squareAt(147 + i / 10, -35, 0.01)] },
        properties: { name: `Paddock ${i + 1}` },
      }));
      const parts = writeShapefile(features);
      // Each record (136 bytes) followed by 2 zero bytes; the .shx counts them in the record's length.
      const records = [0, 1, 2].map((i) => parts.shp.subarray(100 + i * 136, 100 + (i + 1) * 136));
      const shp = Buffer.concat([
        parts.shp.subarray(0, 100),
        ...records.flatMap((record) => [record, Buffer.alloc(2)]),
      ]);
      shp.writeInt32BE(shp.length / 2, 24);
      const shx = Buffer.from(parts.shx);
      for (let i = 0; i < 3; i += 1) {
        shx.writeInt32BE((100 + i * 138) / 2, 100 + i * 8);
        shx.writeInt32BE((128 + 2) / 2, 100 + i * 8 + 4);
      }
      const body = await converted(shapefileUpload({ ...parts, shp, shx }));
      expect(body.features.map((feature) => feature.properties.name)).toEqual(['Paddock 1', 'Paddock 2', 'Paddock 3']);
      expect(body.invalid).toEqual([]);
    });

    it('imports every shapefile of a zip, naming the file each feature came from', async () => {
      const north = writeShapefile([
        { geometry: { type: 'Polygon', coordinates: [squareAt(147, -35, 0.01)] }, properties: { name: 'North 1' } },
        {
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [147.1, -35],
                [147.11, -34.99],
                [147.11, -35],
                [147.1, -34.99],
                [147.1, -35],
              ],
            ],
          },
          properties: { name: 'North twisted' },
        },
      ]);
      const south = writeShapefile([
        { geometry: { type: 'Polygon', coordinates: [squareAt(147, -36, 0.01)] }, properties: { name: 'South 1' } },
        { geometry: { type: 'Polygon', coordinates: [squareAt(147.1, -36, 0.01)] }, properties: { name: 'South 2' } },
      ]);
      const zip = await zipFiles({
        'farm/North.shp': north.shp,
        'farm/North.shx': north.shx,
        'farm/North.dbf': north.dbf,
        'farm/south.SHP': south.shp,
        'farm/south.shx': south.shx,
        'farm/south.dbf': south.dbf,
      });
      const body = await converted([{ filename: 'farm.zip', content: zip }], 206);
      expect(body.features.map((feature) => [feature.source, feature.properties.name])).toEqual([
        ['North.shp', 'North 1'],
        ['south.SHP', 'South 1'],
        ['south.SHP', 'South 2'],
      ]);
      expect(body.features[2]?.geometry).toEqual({ type: 'Polygon', coordinates: [squareAt(147.1, -36, 0.01)] });
      expect(body.invalid).toEqual([
        { index: 2, name: 'North twisted', reason: 'The boundary crosses itself', source: 'North.shp' },
      ]);
    });

    it('pairs the parts of two shapefiles picked together by their names, whatever the order and letter case', async () => {
      const east = writeShapefile([
        { geometry: { type: 'Polygon', coordinates: [squareAt(148, -35, 0.01)] }, properties: { name: 'East' } },
      ]);
      const west = writeShapefile([
        { geometry: { type: 'Polygon', coordinates: [squareAt(146, -35, 0.01)] }, properties: { name: 'West A' } },
        { geometry: { type: 'Polygon', coordinates: [squareAt(146.1, -35, 0.01)] }, properties: { name: 'West B' } },
      ]);
      const body = await converted([
        { filename: 'west.dbf', content: west.dbf },
        { filename: 'East.SHP', content: east.shp },
        { filename: 'WEST.shp', content: west.shp },
        { filename: 'east.dbf', content: east.dbf },
        { filename: 'west.SHX', content: west.shx },
        { filename: 'east.shx', content: east.shx },
      ]);
      expect(
        body.features.map((feature) => [feature.source, feature.properties.name, feature.geometry.coordinates[0]]),
      ).toEqual([
        ['East.SHP', 'East', squareAt(148, -35, 0.01)],
        ['WEST.shp', 'West A', squareAt(146, -35, 0.01)],
        ['WEST.shp', 'West B', squareAt(146.1, -35, 0.01)],
      ]);
    });

    it('refuses parts without a .shp of their name, naming them (422)', async () => {
      const parts = writeShapefile([
        { geometry: { type: 'Polygon', coordinates: [squareAt(147, -35, 0.01)] }, properties: {} },
      ]);
      const detail = await refused(
        [...shapefileUpload(parts, 'paddocks', ['shp', 'shx']), { filename: 'other.dbf', content: parts.dbf }],
        422,
      );
      expect(detail).toBe(
        'other.dbf has no .shp file of the same name. The files of a shapefile share one name, like paddocks.shp, paddocks.shx and paddocks.dbf. Rename them or leave them out, and upload again.',
      );
    });

    it('refuses a shapefile without its .dbf, naming it (422)', async () => {
      const parts = writeShapefile([
        { geometry: { type: 'Polygon', coordinates: [squareAt(147, -35, 0.01)] }, properties: {} },
      ]);
      expect(await refused(shapefileUpload(parts, 'paddocks', ['shp', 'shx']), 422)).toBe(
        'The shapefile paddocks.shp is missing its .dbf file. Upload the .shp, .shx and .dbf files together (and the .prj if there is one).',
      );
    });

    it('refuses grid coordinates without a .prj, asking for it (422)', async () => {
      const { easting: e, northing: n } = FLINDERS_PEAK;
      const parts = writeShapefile([
        {
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [e, n],
                [e + 100, n],
                [e + 100, n + 100],
                [e, n],
              ],
            ],
          },
          properties: {},
        },
      ]);
      expect(await refused(shapefileUpload(parts), 422)).toMatch(
        /no \.prj file .* Add the \.prj file and upload again\.$/,
      );
    });

    it('refuses a .prj it cannot read (422)', async () => {
      const parts = writeShapefile(
        [{ geometry: { type: 'Polygon', coordinates: [squareAt(147, -35, 0.01)] }, properties: {} }],
        { prj: 'GDA2020 please' },
      );
      expect(await refused(shapefileUpload(parts), 422)).toMatch(/could not read the coordinate system/);
    });

    it('refuses a shapefile of lines, saying why (422)', async () => {
      const parts = writeShapefile([
        {
          geometry: {
            type: 'LineString',
            coordinates: [
              [147, -35],
              [147.1, -35.1],
            ],
          },
          properties: { name: 'Fence' },
        },
      ]);
      expect(await refused(shapefileUpload(parts), 422)).toBe(
        "There are no field boundaries in this file. Line features cannot be fields: feature 1 ('Fence').",
      );
    });

    it(`refuses more than ${convertLimits.maxFeatures.toLocaleString('en-AU')} features (413)`, async () => {
      const points = Array.from({ length: convertLimits.maxFeatures + 1 }, () => ({
        geometry: { type: 'Point' as const, coordinates: [147, -35] },
        properties: {},
      }));
      expect(await refused(shapefileUpload(writeShapefile(points)), 413)).toMatch(/more than 200,000 features/);
    });
  });

  describe('KML and KMZ', () => {
    const homeBlock = `<Placemark><name>Home block</name>
      <ExtendedData><Data name="crop_name"><value>Barley</value></Data><Data name="hectares"><value>52.5</value></Data></ExtendedData>
      <MultiGeometry>
        <Polygon><outerBoundaryIs>${kmlRing(squareAt(147, -35, 0.1))}</outerBoundaryIs><innerBoundaryIs>${kmlRing(squareAt(147.02, -34.98, 0.02))}</innerBoundaryIs></Polygon>
        <Polygon><outerBoundaryIs>${kmlRing(squareAt(147.2, -35, 0.05))}</outerBoundaryIs></Polygon>
      </MultiGeometry></Placemark>`;

    it('converts a KML MultiGeometry to a MultiPolygon (hole kept) with its name and ExtendedData', async () => {
      const body = await converted([{ filename: 'farm.kml', content: kmlDocument(homeBlock) }]);
      expect(body.features).toHaveLength(1);
      const [feature] = body.features;
      expect(feature?.properties).toEqual({ name: 'Home block', crop_name: 'Barley', hectares: '52.5' });
      expect(feature?.geometry.type).toBe('MultiPolygon');
      const polygons = feature?.geometry.coordinates as Position[][][];
      expect(polygons.map((polygon) => polygon.length)).toEqual([2, 1]);
      expect(polygons[0]?.[0]).toEqual(squareAt(147, -35, 0.1));
      expect(body.bbox).toEqual([147, -35, 147.25, -34.9]);
    });

    it('converts a KMZ whose doc.kml is in a subfolder (and not another KML beside it)', async () => {
      const kmz = await zipFiles({
        'overlays/legend.kml': Buffer.from(kmlDocument('<Placemark><name>Wrong file</name></Placemark>')),
        'files/doc.kml': Buffer.from(kmlDocument(homeBlock)),
        'files/legend.png': Buffer.from('png'),
      });
      const body = await converted([{ filename: 'farm.kmz', content: kmz }]);
      expect(body.features.map((feature) => feature.properties.name)).toEqual(['Home block']);
    });

    it('refuses a KML of points only, saying why (422)', async () => {
      const points = ['Gate', 'Trough', 'Shed'].map(
        (name, i) =>
          `<Placemark><name>${name}</name><Point><coordinates>147.${i},-35,0</coordinates></Point></Placemark>`,
      );
      expect(await refused([{ filename: 'points.kml', content: kmlDocument(points.join('')) }], 422)).toBe(
        "There are no field boundaries in this file. Point features cannot be fields: feature 1 ('Gate'), feature 2 ('Trough'), feature 3 ('Shed').",
      );
    });

    it('answers 206 for a KML with a line among polygons, naming the line', async () => {
      const line =
        '<Placemark><name>Fence</name><LineString><coordinates>147,-35 147.1,-35.1</coordinates></LineString></Placemark>';
      const body = await converted([{ filename: 'farm.kml', content: kmlDocument(homeBlock + line) }], 206);
      expect(body.invalid).toEqual([{ index: 2, name: 'Fence', reason: 'Line features cannot be fields' }]);
      expect(body.converted).toBe(1);
    });

    it('follows NetworkLinks to KML files inside the KMZ (nested, each once), naming the file of each feature', async () => {
      const placemark = (name: string, x: number) =>
        `<Placemark><name>${name}</name><Polygon><outerBoundaryIs>${kmlRing(squareAt(x, -35, 0.01))}</outerBoundaryIs></Polygon></Placemark>`;
      const link = (href: string) => `<NetworkLink><name>${href}</name><Link><href>${href}</href></Link></NetworkLink>`;
      const kmz = await zipFiles({
        'doc.kml': Buffer.from(
          kmlDocument(
            placemark('Home', 147) +
              link('files/north%20block.kml') +
              link('https://example.com/elsewhere.kml') +
              link('missing.kml'),
          ),
        ),
        'files/north block.kml': Buffer.from(kmlDocument(placemark('North', 147.1) + link('../files/south.kml'))),
        'files/south.kml': Buffer.from(kmlDocument(placemark('South', 147.2) + link('../doc.kml'))),
      });
      const body = await converted([{ filename: 'farm.kmz', content: kmz }]);
      expect(body.features.map((feature) => [feature.properties.name, feature.source ?? null])).toEqual([
        ['Home', null],
        ['North', 'files/north block.kml'],
        ['South', 'files/south.kml'],
      ]);
      expect(body.features[2]?.geometry).toEqual({ type: 'Polygon', coordinates: [squareAt(147.2, -35, 0.01)] });
    });

    it('gives the right reason for each bad feature, with its index and name; a refusal names them', async () => {
      const holeOutside = `<Placemark><name>Misplaced hole</name><Polygon><outerBoundaryIs>${kmlRing(squareAt(147, -35, 0.01))}</outerBoundaryIs><innerBoundaryIs>${kmlRing(squareAt(147.05, -35, 0.03))}</innerBoundaryIs></Polygon></Placemark>`;
      const good = `<Placemark><name>Good</name><Polygon><outerBoundaryIs>${kmlRing(squareAt(147.2, -35, 0.01))}</outerBoundaryIs></Polygon></Placemark>`;
      const body = await converted([{ filename: 'farm.kml', content: kmlDocument(holeOutside + good) }], 206);
      expect(body.invalid).toEqual([
        { index: 1, name: 'Misplaced hole', reason: 'The boundary has a hole that lies outside it' },
      ]);

      const pins = Array.from(
        { length: 5 },
        (_, i) =>
          `<Placemark><name>Pin ${i + 1}</name><Point><coordinates>147.${i},-35,0</coordinates></Point></Placemark>`,
      );
      expect(await refused([{ filename: 'pins.kml', content: kmlDocument(holeOutside + pins.join('')) }], 422)).toBe(
        "There are no field boundaries in this file. The boundary has a hole that lies outside it: feature 1 ('Misplaced hole'). Point features cannot be fields: feature 2 ('Pin 1'), feature 3 ('Pin 2'), feature 4 ('Pin 3') and 2 more.",
      );
    });

    it('simplifies a boundary of more than 10,000 positions within 0.5 m and says so on the feature', async () => {
      const ring = Array.from({ length: 19_999 }, (_, i): Position => {
        const angle = (2 * Math.PI * i) / 19_999;
        return [147 + 0.005 * Math.cos(angle), -35 + 0.004 * Math.sin(angle)];
      });
      ring.push(ring[0] as Position);
      const detailed = `<Placemark><name>Surveyed</name><Polygon><outerBoundaryIs>${kmlRing(ring)}</outerBoundaryIs></Polygon></Placemark>`;
      const body = await converted([{ filename: 'survey.kml', content: kmlDocument(detailed) }]);
      const [feature] = body.features;
      expect(feature?.simplified).toMatchObject({ positions_before: 20_000, tolerance_m: 0.5 });
      expect(feature?.simplified?.positions_after).toBeLessThanOrEqual(10_000);
      expect(Math.abs(feature?.simplified?.area_change ?? 1)).toBeLessThan(0.001);
      expect(feature?.geometry.coordinates[0]).toHaveLength(feature?.simplified?.positions_after ?? 0);
    });

    it('refuses a damaged KMZ (422)', async () => {
      expect(
        await refused([{ filename: 'farm.kmz', content: Buffer.from('PK\u0003\u0004 this is not really a zip') }], 422),
      ).toBe('This KMZ file is damaged or is not a KMZ file. Create it again and upload it.');
    });
  });

  describe('zip bombs', () => {
    const bombBytes = convertLimits.maxKmzUncompressedBytes + 64 * 1024 * 1024;
    const unpackLimit = `This KMZ file unpacks to more than ${convertLimits.maxKmzUncompressedBytes / (1024 * 1024)} MB, more than Paddock can convert. Upload a smaller file.`;
    let bomb: Awaited<ReturnType<typeof deflateRepeated>>;
    beforeAll(async () => {
      // A doc.kml of spaces, deflated as it is made: a few hundred kilobytes that unpack past the limit.
      bomb = await deflateRepeated(
        Buffer.alloc(1024 * 1024, 0x20),
        bombBytes / (1024 * 1024),
        Buffer.from('<kml xmlns="http://www.opengis.net/kml/2.2">'),
      );
    });

    it('refuses a KMZ whose doc.kml says it unpacks past the limit, before unpacking (413)', async () => {
      const kmz = await zipFiles({ 'doc.kml': bomb });
      expect(kmz.length).toBeLessThan(2 * 1024 * 1024);
      const started = Date.now();
      expect(await refused([{ filename: 'bomb.kmz', content: kmz }], 413)).toBe(unpackLimit);
      expect(Date.now() - started).toBeLessThan(5_000);
    });

    it('refuses a KMZ that lies about its size by counting what it unpacks, without memory growing (413)', async () => {
      const kmz = await zipFiles({ 'doc.kml': { ...bomb, size: 1000 } });
      let peakRss = process.memoryUsage.rss();
      const baseline = peakRss;
      const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 20);
      const started = Date.now();
      try {
        // The worker's own words: not the answer for a worker that ran out of memory and was stopped.
        expect(await refused([{ filename: 'bomb.kmz', content: kmz }], 413)).toBe(unpackLimit);
      } finally {
        clearInterval(sampler);
      }
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(peakRss - baseline).toBeLessThan(150 * 1024 * 1024);
      // The same worker pool goes on converting.
      const body = await converted([
        {
          filename: 'after.kml',
          content: kmlDocument(
            `<Placemark><name>After</name><Polygon><outerBoundaryIs>${kmlRing(squareAt(147, -35, 0.01))}</outerBoundaryIs></Polygon></Placemark>`,
          ),
        },
      ]);
      expect(body.features).toHaveLength(1);
    }, 60_000);
  });

  describe('what is sent', () => {
    it('answers 422 "No file to upload" when no file came', async () => {
      expect(await refused([], 422)).toBe('No file to upload');
      expect(await refused([{ filename: 'notes.txt', content: 'ignored, like the wizard ignores it' }], 422)).toBe(
        'No file to upload',
      );
    });

    it('refuses a KML together with shapefile parts (422)', async () => {
      const parts = writeShapefile([
        { geometry: { type: 'Polygon', coordinates: [squareAt(147, -35, 0.01)] }, properties: {} },
      ]);
      expect(await refused([...shapefileUpload(parts), { filename: 'farm.kml', content: kmlDocument('') }], 422)).toBe(
        'Upload one KML or KMZ file on its own, or the files of one shapefile.',
      );
    });

    it('refuses a request larger than the limit from its length, before reading it (413)', async () => {
      const response = await upload([{ filename: 'farm.kml', content: kmlDocument('') }], {
        headers: { 'content-length': String(convertLimits.maxRequestBytes + 1) },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        detail: 'This upload is larger than 200 MB, more than Paddock can convert. Upload a smaller file.',
      });
    });

    it('is described in the OpenAPI document, with its 200 and 206 answers', async () => {
      const doc = (await t.request({ method: 'GET', url: '/openapi.json' })).json<{
        paths: Record<string, { post?: { responses?: Record<string, unknown>; security?: unknown } }>;
      }>();
      const post = doc.paths['/v2/convert']?.post;
      expect(Object.keys(post?.responses ?? {})).toEqual(expect.arrayContaining(['200', '206', '401', '413', '422']));
      expect(JSON.stringify(post?.responses?.['206'])).toContain('invalid');
      expect(post?.security).toEqual([{ bearerAuth: [] }]);
    });

    it('leaves no temp files behind, whatever the answer', async () => {
      const deadline = Date.now() + 10_000;
      const leftovers = () => [...convertDirs()].filter((name) => !dirsBefore.has(name));
      while (leftovers().length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(leftovers()).toEqual([]);
    });
  });
});

describe.each(availableBackends())('POST v2/convert upload limit on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind, { CONVERT_UPLOADS_PER_MINUTE: '2' });
  });
  afterAll(async () => t?.close());

  const upload = (token: string) => {
    const { shp, shx, dbf } = writeShapefile([
      { geometry: { type: 'Polygon', coordinates: [squareAt(147, -35, 0.01)] }, properties: { name: 'North' } },
    ]);
    const body = multipartBody(shapefileUpload({ shp, shx, dbf }));
    return t.request({ method: 'POST', url: '/v2/convert', token, payload: body.payload, headers: body.headers });
  };

  it('answers 429 with Retry-After past the uploads one account may convert in a minute; others are not held up', async () => {
    const busy = await t.token();
    expect((await upload(busy)).statusCode).toBe(200);
    expect((await upload(busy)).statusCode).toBe(200);
    const refused = await upload(busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail: 'Too many uploads in a short time. Please wait a minute and try again.',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The limit is per account: another farmer converts at once.
    expect((await upload(await t.token())).statusCode).toBe(200);
  });
});
