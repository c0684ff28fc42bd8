import { squareFeature } from '../../testing/fixtures';
import {
  attributeNames,
  batchFields,
  cropTypeFor,
  cropTypeIndex,
  fieldNameFor,
  guessCropAttribute,
  matchCropType,
  summarise,
  toNewFields,
} from './importFields';

const crops = cropTypeIndex(['Barley', 'Wheat', 'Pasture (Annual)', 'Other']);

describe('imported field names', () => {
  const features = [
    squareFeature({ NAME: 'North', id: 7 }),
    squareFeature({ NAME: '  ', id: 8 }),
    squareFeature({ id: 9, extra: true }),
  ];

  it('lists every attribute in the order the file first shows it', () => {
    expect(attributeNames(features)).toEqual(['NAME', 'id', 'extra']);
  });

  it("names fields 'field {n}' from 1 when no attribute is chosen", () => {
    expect(features.map((f, i) => fieldNameFor(f, i, null))).toEqual(['field 1', 'field 2', 'field 3']);
  });

  it("takes the chosen attribute's value as text, falling back to 'field {n}' where it is blank or missing", () => {
    expect(features.map((f, i) => fieldNameFor(f, i, 'NAME'))).toEqual(['North', 'field 2', 'field 3']);
    expect(features.map((f, i) => fieldNameFor(f, i, 'id'))).toEqual(['7', '8', '9']);
  });

  it('cuts names to the 100 characters a field name may have', () => {
    expect(fieldNameFor(squareFeature({ n: 'x'.repeat(150) }), 0, 'n')).toHaveLength(100);
  });
});

describe('imported crop types', () => {
  it("matches crop_name (attribute and value in any case) to the crop type list's spelling, else 'Other'", () => {
    const features = [
      squareFeature({ crop_name: ' wheat ' }),
      squareFeature({ CROP_NAME: 'PASTURE (ANNUAL)' }),
      squareFeature({ crop_name: 'Quinoa' }),
      squareFeature({ crop: 'Barley' }),
      squareFeature({ crop_name: null }),
    ];
    expect(toNewFields(features, null, crops).map((f) => f.properties.field_crop_type)).toEqual([
      'Wheat',
      'Pasture (Annual)',
      'Other',
      'Other',
      'Other',
    ]);
  });

  it('builds the features POST v2/farms/{id}/fields takes', () => {
    const feature = squareFeature({ NAME: 'Creek', crop_name: 'barley' });
    expect(toNewFields([feature], 'NAME', crops)).toEqual([
      { type: 'Feature', geometry: feature.geometry, properties: { field_name: 'Creek', field_crop_type: 'Barley' } },
    ]);
  });
});

describe('batches for the fields API', () => {
  it('splits by count, keeping order', () => {
    const batches = batchFields([1, 2, 3, 4, 5, 6, 7], { maxCount: 3, maxBytes: 1000 });
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('splits by size too, and never leaves a big field out', () => {
    const big = 'x'.repeat(50);
    expect(batchFields([big, 'a', big, 'b'], { maxCount: 10, maxBytes: 60 })).toEqual([
      [big, 'a'],
      [big, 'b'],
    ]);
    expect(batchFields([big, big], { maxCount: 10, maxBytes: 10 })).toEqual([[big], [big]]);
  });
});

describe('preview figures', () => {
  it('counts the fields and adds up their geodesic area in hectares', () => {
    // 0.01° × 0.01° near Wagga Wagga: about 1.11 km × 0.91 km ≈ 101 ha.
    const { count, hectares } = summarise([squareFeature({}), squareFeature({}, 148, -35)]);
    expect(count).toBe(2);
    expect(hectares).toBeGreaterThan(2 * 100);
    expect(hectares).toBeLessThan(2 * 103);
  });
});

describe('crop type from a chosen attribute (issue 10 §6)', () => {
  const crops = cropTypeIndex(['Barley', 'Canola', 'Durum Wheat', 'Wheat', 'Other']);

  it('guesses the attribute that holds the crop, crop_name first, any case', () => {
    expect(guessCropAttribute(['NAME', 'CROP', 'crop_name'])).toBe('crop_name');
    expect(guessCropAttribute(['NAME', 'Crop_Type'])).toBe('Crop_Type');
    expect(guessCropAttribute(['NAME', 'AREA'])).toBeNull();
  });

  it('matches crops whatever the case, or followed by a variety; the longest listed name wins', () => {
    expect(matchCropType('WHEAT', crops)).toBe('Wheat');
    expect(matchCropType('Canola TT', crops)).toBe('Canola');
    expect(matchCropType('durum wheat - DBA Aurora', crops)).toBe('Durum Wheat');
    expect(matchCropType('Wheaten hay', crops)).toBeNull();
    expect(matchCropType('  ', crops)).toBeNull();
  });

  it('reads the chosen attribute; none makes every field Other', () => {
    const feature = {
      type: 'Feature' as const,
      geometry: null as never,
      properties: { CROP: 'barley', crop_name: 'wheat' },
    };
    expect(cropTypeFor(feature, crops, 'CROP')).toBe('Barley');
    expect(cropTypeFor(feature, crops)).toBe('Wheat');
    expect(cropTypeFor(feature, crops, null)).toBe('Other');
  });
});
