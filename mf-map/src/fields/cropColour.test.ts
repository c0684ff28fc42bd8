import { cropColour, NO_CROP_COLOUR } from './cropColour';

describe('crop colours', () => {
  it('gives the common crops their own colours, whatever the case', () => {
    expect(cropColour('Wheat')).toBe('#d4a017');
    expect(cropColour('CANOLA')).toBe('#f2d21b');
    expect(cropColour('Wheat')).not.toBe(cropColour('Barley'));
  });

  it('gives any other crop a stable colour and no crop type grey', () => {
    expect(cropColour('Macadamias')).toBe(cropColour('macadamias'));
    expect(cropColour('Macadamias')).toMatch(/^hsl\(\d+, 55%, 50%\)$/);
    expect(cropColour(null)).toBe(NO_CROP_COLOUR);
  });
});
