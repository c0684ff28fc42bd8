import { differenceAlgorithm } from './CompareOverlay';

const side = (code: string, date: string) => ({ code, date });

describe('the difference layer of a comparison', () => {
  it('exists for two dates of the same scalar calculation of the standard layer', () => {
    expect(
      differenceAlgorithm({
        fieldIds: ['a'],
        left: side('standard_NDVI', '2025-10-02'),
        right: side('standard_NDVI', '2025-10-12'),
        view: 'difference',
      }),
    ).toBe('NDVI');
  });

  it('does not exist between two layers, or for true colour', () => {
    expect(
      differenceAlgorithm({
        fieldIds: ['a'],
        left: side('standard_NDVI', '2025-10-02'),
        right: side('sensor_em_DEEP', '2025-10-02'),
        view: 'swipe',
      }),
    ).toBeNull();
    expect(
      differenceAlgorithm({
        fieldIds: ['a'],
        left: side('standard_COLOUR', '2025-10-02'),
        right: side('standard_COLOUR', '2025-10-12'),
        view: 'swipe',
      }),
    ).toBeNull();
  });
});
