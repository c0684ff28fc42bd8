import { defaultFieldName } from '../map-core/fieldNames';
import { checkDetails } from './fieldDetails';

describe('field details', () => {
  it("names a new field 'Field' plus the count plus one", () => {
    expect(defaultFieldName(0)).toBe('Field 1');
    expect(defaultFieldName(7)).toBe('Field 8');
  });

  it('needs a crop type before the field can be saved, with the spec message', () => {
    expect(checkDetails('Field 1', null)).toEqual({
      nameError: null,
      cropTypeError: 'We need you to provide us the crop type for your field',
      canSave: false,
    });
    expect(checkDetails('Field 1', 'Barley')).toEqual({ nameError: null, cropTypeError: null, canSave: true });
  });

  it('needs a name of 1 to 100 characters once trimmed', () => {
    expect(checkDetails('   ', 'Barley')).toMatchObject({ nameError: 'Field name is required', canSave: false });
    expect(checkDetails('x'.repeat(101), 'Barley')).toMatchObject({
      nameError: 'Field name must be 100 characters or fewer',
      canSave: false,
    });
    expect(checkDetails(`  ${'x'.repeat(100)}  `, 'Barley').canSave).toBe(true);
  });
});
