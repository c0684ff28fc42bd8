// The form kit of every area: react-final-form fields in the shared look, one control stylesheet
// (one height) and zod rules from the contracts. Card, phone, country and address blocks are fields
// of this kit.
import controlStyles from './controls.module.css';

export { Form, FormSpy, useField, useForm, useFormState } from 'react-final-form';
export {
  CheckboxField,
  FormError,
  PlainSelect,
  RadioGroupField,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
  type FieldRule,
} from './fields';
export { Options } from './Options';
export { ruleOf, validateWith } from './rules';
export { AddressFields, SaveDetailsField } from './AddressFields';
export { countryName, countryOptions } from './countries';
/** The control classes, for plain controls outside a form (search boxes, page-size selects). */
export { controlStyles };
