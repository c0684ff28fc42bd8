import { CROP_TYPES, normaliseCropType } from './crop-types';

describe('crop types', () => {
  it('keeps the list spelling for any case, other text as given, empty as none', () => {
    expect(normaliseCropType('wheat')).toBe('Wheat');
    expect(normaliseCropType(' FABA beans ')).toBe('Faba Beans');
    expect(normaliseCropType('Quinoa')).toBe('Quinoa');
    expect(normaliseCropType('  ')).toBeNull();
    expect(normaliseCropType(null)).toBeNull();
    expect(CROP_TYPES.at(-1)).toBe('Other');
  });
});
