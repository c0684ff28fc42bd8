import type { AreaGeometry, ZoneCollection } from '@paddock/shared/contracts';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { read as readShapefile } from 'shapefile';
import { SimulatedSource } from '../../imagery/simulated';
import { testField, WHEAT } from '../../imagery/test-fields';
import { zoneFields } from '../../imagery/zoning';
import { areaInHectares } from '../../geo/geometry';
import { buildPrescriptionZip, buildTaskData, MG_PER_M2_PER_KG_PER_HA, type PrescriptionInput } from './prescription';

/** The zone downloads read back by independent readers: GDAL (ogr2ogr, ogrinfo), the `shapefile` package, xmldom. */

const CANOLA_WITH_ACCENT = testField('0b6f3f8e-5a6c-4d3c-9a51-000000000021', 'Canola', {
  type: 'Polygon',
  coordinates: [
    [
      [147.374, -35.12],
      [147.384, -35.12],
      [147.384, -35.111],
      [147.374, -35.111],
      [147.374, -35.12],
    ],
  ],
});
const FIELDS = [
  { ...WHEAT, name: 'Dam paddock' },
  { ...CANOLA_WITH_ACCENT, name: 'Côte / north' },
];
const RATES = { '1': 80.5, '2': 100, '3': null };

interface OgrFeature {
  properties: Record<string, number | string | null>;
  geometry: AreaGeometry;
}

function unzip(zip: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'paddock-zones-'));
  writeFileSync(join(dir, 'zones.zip'), zip);
  // Python's zipfile: another independent reader of our zip.
  execFileSync('python3', ['-m', 'zipfile', '-e', join(dir, 'zones.zip'), join(dir, 'out')]);
  return join(dir, 'out');
}

const ogrFeatures = (path: string): OgrFeature[] =>
  (
    JSON.parse(execFileSync('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', path], { encoding: 'utf8' })) as {
      features: OgrFeature[];
    }
  ).features;
const ogrSummary = (path: string): string => execFileSync('ogrinfo', ['-ro', '-so', '-al', path], { encoding: 'utf8' });

describe('prescription files', () => {
  let input: PrescriptionInput;
  const dirs: string[] = [];
  beforeAll(async () => {
    const source = new SimulatedSource();
    const [capture] = await source.catalog(FIELDS, 'standard', { from: '2025-08-20', to: '2025-08-30' });
    if (!capture) throw new Error('no capture');
    const { fields } = await zoneFields(source, {
      fields: FIELDS,
      capture,
      algorithm: 'NDVI',
      zones: 3,
      resolutionM: 25,
      minZoneHa: null,
    });
    const zones: ZoneCollection = {
      type: 'FeatureCollection',
      features: fields.flatMap((field) =>
        field.polygons.map((polygon) => ({
          type: 'Feature' as const,
          geometry: polygon.geometry,
          properties: { zone: polygon.zone, field_id: field.fieldId, area: polygon.areaHa },
        })),
      ),
      rates: RATES,
    };
    input = {
      farmName: 'Test Farm',
      fields: FIELDS.map((field) => ({ id: field.fieldId, name: field.name, geometry: field.geometry })),
      zones,
      numZones: 3,
      unified: false,
    };
  });
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('per field: one shapefile each, named after farm and field, with zone, area_ha and rate in WGS84', async () => {
    const { fileName, zip } = await buildPrescriptionZip(input);
    expect(fileName).toBe('Test_Farm_zones_by_field.zip');
    const dir = unzip(zip);
    dirs.push(dir);
    expect(readdirSync(dir).sort()).toEqual(
      [
        ...['Test_Farm_Cote_north', 'Test_Farm_Dam_paddock'].flatMap((base) =>
          ['cpg', 'dbf', 'prj', 'shp', 'shx'].map((ext) => `${base}.${ext}`),
        ),
        'TASKDATA',
        'TERMINAL',
      ].sort(),
    );
    expect(readFileSync(join(dir, 'Test_Farm_Dam_paddock.cpg'), 'utf8')).toBe('UTF-8');
    const [wheat, canola] = FIELDS as [(typeof FIELDS)[number], (typeof FIELDS)[number]];
    for (const [field, base] of [
      [wheat, 'Test_Farm_Dam_paddock'],
      [canola, 'Test_Farm_Cote_north'],
    ] as const) {
      const path = join(dir, `${base}.shp`);
      const summary = ogrSummary(path);
      expect(summary).toMatch(/WGS 84/);
      expect(summary).toMatch(/zone: Integer/);
      expect(summary).toMatch(/area_ha: Real/);
      expect(summary).toMatch(/rate: Real/);
      const expected = input.zones.features.filter((feature) => feature.properties.field_id === field.fieldId);
      const read = ogrFeatures(path);
      expect(read).toHaveLength(expected.length);
      read.forEach((feature, index) => {
        const zone = expected[index]?.properties.zone as number;
        expect(feature.properties.zone).toBe(zone);
        expect(feature.properties.rate).toBe(RATES[String(zone) as '1' | '2' | '3']);
        expect(feature.properties.area_ha).toBeCloseTo(areaInHectares(feature.geometry), 3);
      });
      const total = read.reduce((sum, feature) => sum + (feature.properties.area_ha as number), 0);
      expect(total).toBeCloseTo(areaInHectares(field.geometry), 1);

      // Ring winding: a reader that goes by winding (clockwise outer, counter-clockwise holes) sees the same holes.
      const geojson = await readShapefile(path);
      const holes = (collection: { features: { geometry: unknown }[] }) =>
        collection.features.reduce((sum, feature) => {
          const geometry = feature.geometry as { type: string; coordinates: unknown[][] };
          const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as unknown[][];
          return sum + polygons.reduce((count, polygon) => count + polygon.length - 1, 0);
        }, 0);
      expect(holes(geojson)).toBe(holes({ features: expected }));
    }
  });

  it('terminal files: 8.3 names, integer RATE (an empty rate is 0)', async () => {
    const dir = unzip((await buildPrescriptionZip(input)).zip);
    dirs.push(dir);
    const files = readdirSync(join(dir, 'TERMINAL')).sort();
    expect(files).toEqual([
      'FIELD001.DBF',
      'FIELD001.PRJ',
      'FIELD001.SHP',
      'FIELD001.SHX',
      'FIELD002.DBF',
      'FIELD002.PRJ',
      'FIELD002.SHP',
      'FIELD002.SHX',
    ]);
    for (const file of files) expect(file).toMatch(/^[A-Z0-9]{1,8}\.[A-Z]{3}$/);
    const path = join(dir, 'TERMINAL', 'FIELD001.SHP');
    expect(ogrSummary(path)).toMatch(/RATE: Integer \(9\.0\)/);
    const rates = new Map(ogrFeatures(path).map((feature) => [feature.properties.ZONE, feature.properties.RATE]));
    expect(rates).toEqual(
      new Map([
        [1, 81],
        [2, 100],
        [3, 0],
      ]),
    );
  });

  it('whole farm: one shapefile holding every field, with a field column', async () => {
    const dir = unzip((await buildPrescriptionZip({ ...input, unified: true })).zip);
    dirs.push(dir);
    const read = ogrFeatures(join(dir, 'Test_Farm_zones.shp'));
    expect(read).toHaveLength(input.zones.features.length);
    expect(new Set(read.map((feature) => feature.properties.field))).toEqual(new Set(['Dam paddock', 'Côte / north']));
    expect(readdirSync(join(dir, 'TERMINAL')).sort()).toEqual(['ZONES.DBF', 'ZONES.PRJ', 'ZONES.SHP', 'ZONES.SHX']);
  });

  it('TASKDATA.XML: a task per field, treatment zones with the rate as process data and the zone polygons', async () => {
    const dir = unzip((await buildPrescriptionZip(input)).zip);
    dirs.push(dir);
    const xml = readFileSync(join(dir, 'TASKDATA', 'TASKDATA.XML'), 'utf8');
    expect(xml).toBe(buildTaskData(input));
    const errors: string[] = [];
    const doc = new DOMParser({
      onError: (level, message) => void errors.push(`${level}: ${message}`),
    }).parseFromString(xml, 'text/xml');
    expect(errors).toEqual([]);
    const root = doc.documentElement as unknown as Element;
    expect(root.nodeName).toBe('ISO11783_TaskData');
    expect(root.getAttribute('VersionMajor')).toBe('4');
    const partfields = Array.from(root.getElementsByTagName('PFD'));
    expect(partfields.map((pfd) => pfd.getAttribute('C'))).toEqual(['Dam paddock', 'Côte / north']);
    const tasks = Array.from(root.getElementsByTagName('TSK'));
    expect(tasks).toHaveLength(2);
    tasks.forEach((task, index) => {
      const field = FIELDS[index] as (typeof FIELDS)[number];
      expect(task.getAttribute('E')).toBe(partfields[index]?.getAttribute('A'));
      const zones = Array.from(task.getElementsByTagName('TZN'));
      expect(zones[0]?.getAttribute('A')).toBe('0');
      for (const zone of zones.slice(1)) {
        const code = Number(zone.getAttribute('A'));
        const pdv = zone.getElementsByTagName('PDV')[0];
        expect(pdv?.getAttribute('A')).toBe('0006');
        expect(Number(pdv?.getAttribute('B'))).toBe(
          Math.round((RATES[String(code) as '1' | '2' | '3'] ?? 0) * MG_PER_M2_PER_KG_PER_HA),
        );
        const expected = input.zones.features.filter(
          (feature) => feature.properties.field_id === field.fieldId && feature.properties.zone === code,
        );
        const polygons = Array.from(zone.getElementsByTagName('PLN'));
        expect(polygons).toHaveLength(expected.length);
        polygons.forEach((polygon, p) => {
          expect(polygon.getAttribute('A')).toBe('2');
          const rings = Array.from(polygon.getElementsByTagName('LSG'));
          const coordinates = (expected[p]?.geometry.coordinates ?? []) as number[][][];
          expect(rings).toHaveLength(coordinates.length);
          const points = Array.from(rings[0]?.getElementsByTagName('PNT') ?? []).map((point) => [
            Number(point.getAttribute('D')),
            Number(point.getAttribute('C')),
          ]);
          expect(points).toHaveLength(coordinates[0]?.length ?? 0);
          points.forEach(([lon, lat], k) => {
            expect(lon).toBeCloseTo(coordinates[0]?.[k]?.[0] as number, 8);
            expect(lat).toBeCloseTo(coordinates[0]?.[k]?.[1] as number, 8);
          });
        });
      }
    });
  });
});
