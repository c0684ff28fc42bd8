import { contactDetailsSchema, userTypes, type ContactDetails, type UserType } from '@paddock/shared/contracts';

/** The settings' profile form (spec 3 §2.6, §3): every contact field; user type may be empty. */
export interface SettingsValues {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  company: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  country: string;
  post_code: string;
  user_type: UserType | '';
}

export type SettingsErrors = Partial<Record<keyof SettingsValues, string>>;

const text = (value: string | null | undefined) => value ?? '';

export function settingsInitialValues(source: ContactDetails, fallbackEmail: string): SettingsValues {
  return {
    first_name: text(source.first_name),
    last_name: text(source.last_name),
    email: text(source.email) || fallbackEmail,
    phone_number: text(source.phone_number),
    company: text(source.company),
    address1: text(source.address1 ?? source.street),
    address2: text(source.address2),
    city: text(source.city ?? source.suburb),
    state: text(source.state),
    country: text(source.country).toUpperCase(),
    post_code: text(source.post_code),
    user_type: source.user_type && (userTypes as readonly string[]).includes(source.user_type) ? source.user_type : '',
  };
}

/** Spec 3 §5: e-mail required ('Email address is required.' as a toast), the name required. */
export function validateSettings(values: Partial<SettingsValues>): SettingsErrors {
  const errors: SettingsErrors = {};
  if (!values.first_name?.trim()) errors.first_name = 'Enter First Name';
  if (!values.last_name?.trim()) errors.last_name = 'Enter Last Name';
  const email = values.email?.trim() ?? '';
  if (!email) errors.email = 'Email address is required.';
  else if (!contactDetailsSchema.shape.email.safeParse(email).success) errors.email = 'Invalid Email Address';
  return errors;
}

const orNull = (value: string | undefined) => value?.trim() || null;

export function toContact(values: SettingsValues): ContactDetails {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    phone_number: orNull(values.phone_number),
    company: orNull(values.company),
    address1: orNull(values.address1),
    address2: orNull(values.address2),
    street: orNull(values.address1),
    city: orNull(values.city),
    suburb: orNull(values.city),
    state: orNull(values.state),
    country: orNull(values.country)?.toUpperCase() ?? null,
    post_code: orNull(values.post_code),
    user_type: values.user_type,
  };
}
