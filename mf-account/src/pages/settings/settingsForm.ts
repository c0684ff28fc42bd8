import {
  addressErrors,
  addressFromContact,
  contactDetailsSchema,
  userTypes,
  type Address,
  type ContactDetails,
  type UserType,
} from '@paddock/shared/contracts';

/** The settings' profile form (spec 3 §2.6, §3): every contact field; user type may be empty. */
export interface SettingsValues {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  company: string;
  /** The one address type of the checkouts (AU: State choice, 4-digit Postcode). */
  address: Address;
  user_type: UserType | '';
}

export type SettingsErrors = Partial<Record<Exclude<keyof SettingsValues, 'address'>, string>> & {
  address?: Partial<Record<keyof Address, string>>;
};

const text = (value: string | null | undefined) => value ?? '';

export function settingsInitialValues(source: ContactDetails, fallbackEmail: string): SettingsValues {
  return {
    first_name: text(source.first_name),
    last_name: text(source.last_name),
    email: text(source.email) || fallbackEmail,
    phone_number: text(source.phone_number),
    company: text(source.company),
    address: addressFromContact(source),
    user_type: source.user_type && (userTypes as readonly string[]).includes(source.user_type) ? source.user_type : '',
  };
}

const typedAddress = (address: Partial<Address> | undefined) =>
  Boolean(address?.address1?.trim() || address?.city?.trim() || address?.state?.trim() || address?.zipCode?.trim());

/**
 * Spec 3 §5: e-mail required ('Email address is required.' as a toast), the name required. The address
 * may stay empty or partly empty; what is typed follows the checkouts' address rules.
 */
export function validateSettings(values: Partial<SettingsValues>): SettingsErrors {
  const errors: SettingsErrors = {};
  if (!values.first_name?.trim()) errors.first_name = 'Enter First Name';
  if (!values.last_name?.trim()) errors.last_name = 'Enter Last Name';
  const email = values.email?.trim() ?? '';
  if (!email) errors.email = 'Email address is required.';
  else if (!contactDetailsSchema.shape.email.safeParse(email).success) errors.email = 'Invalid Email Address';
  if (typedAddress(values.address)) {
    // Only what was typed is checked (a Postcode of 4 digits, a known state): parts may stay empty.
    const typed: Partial<Address> = values.address ?? {};
    const address = Object.fromEntries(
      Object.entries(addressErrors(typed)).filter(([key]) => Boolean(typed[key as keyof Address]?.trim())),
    );
    if (Object.keys(address).length > 0) errors.address = address;
  }
  return errors;
}

const orNull = (value: string | undefined) => value?.trim() || null;

export function toContact(values: SettingsValues): ContactDetails {
  const { address } = values;
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    phone_number: orNull(values.phone_number),
    company: orNull(values.company),
    address1: orNull(address.address1),
    address2: orNull(address.address2),
    street: orNull(address.address1),
    city: orNull(address.city),
    suburb: orNull(address.city),
    state: orNull(address.state),
    country: orNull(address.country)?.toUpperCase() ?? null,
    post_code: orNull(address.zipCode),
    user_type: values.user_type,
  };
}
