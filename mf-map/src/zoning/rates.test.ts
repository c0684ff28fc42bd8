import type { ZoningZonesResponse } from '@paddock/shared/contracts';
import { isRateInput, ratesPayload, rowsOfCollection, rowsOfZones, totalProduct, zoningCartPayload } from './rates';
import { zonesReply } from './testing';

const zones = zonesReply().body as ZoningZonesResponse;

describe('zone rates (spec 2 §5)', () => {
  it.each(['', '0', '12', '12.5', '0.25', '.5', '3.'])('takes %p', (text) => expect(isRateInput(text)).toBe(true));
  it.each(['-1', 'abc', '1e3', '1.2.3', ' 4', '+2', '1,5'])('refuses %p', (text) =>
    expect(isRateInput(text)).toBe(false),
  );

  it('sends an empty rate as null and the others as numbers', () => {
    expect(ratesPayload(3, { '1': '10', '2': '', '3': '2.5' })).toEqual({ '1': 10, '2': null, '3': 2.5 });
    expect(ratesPayload(2, {})).toEqual({ '1': null, '2': null });
  });

  it('totals each zone’s hectares times its rate, an empty rate counting 0', () => {
    // zones of 2.5, 5 and 7.5 ha
    expect(totalProduct(rowsOfZones(zones), { '1': '10', '2': '', '3': '2' })).toBeCloseTo(25 + 15);
  });

  it('builds the creation payload of the zones, rates and settings', () => {
    const payload = zoningCartPayload(
      zones,
      { '1': '10' },
      {
        farmId: 'f1',
        fieldIds: ['x1'],
        date: '2026-03-01',
        resolution: 2,
      },
      { product: 'Urea', unit: 'kg/ha', unitConfirmed: false },
    );
    expect(payload).toMatchObject({
      algorithm: 'standard_NDVI',
      catalog_entry: '2026-03-01',
      num_zones: 3,
      zone_resolution: 2,
      farm_id: 'f1',
      fields: ['x1'],
      zones: {
        type: 'FeatureCollection',
        rates: { '1': 10, '2': null, '3': null },
        total: 25,
        product: 'Urea',
        unit: 'kg/ha',
      },
    });
    expect(payload.zones.features).toHaveLength(3);
    expect(payload.zones).not.toHaveProperty('made_from');
  });

  it('sends what the zones were made of with them, to be kept with the order', () => {
    const madeFrom = {
      source: 'date' as const,
      description: 'NDVI of 1 Mar 2026',
      captures: [{ date: '2026-03-01', percent: 97 }],
      filled_from_neighbours_percent: 3,
    };
    const payload = zoningCartPayload(
      { ...zones, made_from: madeFrom },
      {},
      { farmId: 'f1', fieldIds: ['x1'], date: '2026-03-01', resolution: 2 },
      { product: '', unit: 'kg/ha', unitConfirmed: false },
    );
    expect(payload.zones.made_from).toEqual(madeFrom);
  });

  it('adds up a stored order’s polygons per zone', () => {
    const rows = rowsOfCollection(
      {
        type: 'FeatureCollection',
        features: [2, 1, 2].map((zone, index) => ({
          ...zones.zoned_image.features[index]!,
          properties: { zone, field_id: 'x1', area: 1.25 },
        })),
      },
      ['#111111', '#222222'],
    );
    expect(rows).toEqual([
      { zone: 1, area: 1.25, color: '#111111' },
      { zone: 2, area: 2.5, color: '#222222' },
    ]);
  });
});
