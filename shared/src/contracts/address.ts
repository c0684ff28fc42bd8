import { z } from 'zod';
import type { ContactDetails } from './accounts';

/**
 * One postal address for every checkout (zoning cart, imagery order, Rapid-EM booking, Advanced
 * subscription) and the contact profile: its values, its rules by country and its labels.
 *
 * Labels and postcode shapes follow Google's address metadata (libaddressinput's `state_name_type`,
 * `zip_name_type`, `zip`) for the countries Paddock's customers come from; any other country gets the
 * neutral 'State or province' / 'City' / 'Postal code' with no shape check. (The npm ports of that data
 * load it asynchronously and are unmaintained; the few rows needed here are kept in this file.)
 */
export interface Address {
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  address1: string;
  address2: string;
  state: string;
  city: string;
  zipCode: string;
}

export const emptyAddress: Address = { country: 'AU', address1: '', address2: '', state: '', city: '', zipCode: '' };

/** Australia's states and territories (the postal abbreviations Australia Post uses). */
export const australianStates: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'ACT', label: 'Australian Capital Territory' },
  { value: 'NSW', label: 'New South Wales' },
  { value: 'NT', label: 'Northern Territory' },
  { value: 'QLD', label: 'Queensland' },
  { value: 'SA', label: 'South Australia' },
  { value: 'TAS', label: 'Tasmania' },
  { value: 'VIC', label: 'Victoria' },
  { value: 'WA', label: 'Western Australia' },
];

export interface AddressFormat {
  stateLabel: string;
  /** A fixed choice (Australia's states); free text when absent. */
  stateOptions?: ReadonlyArray<{ value: string; label: string }>;
  stateRequired: boolean;
  cityLabel: string;
  postcodeLabel: string;
  /** The postcode's shape, when the country has one we check. */
  postcodePattern?: RegExp;
  /** Said when the postcode does not have that shape. */
  postcodeInvalid?: string;
  /** inputMode for the postcode box. */
  postcodeNumeric: boolean;
}

const neutral: AddressFormat = {
  stateLabel: 'State or province',
  stateRequired: true,
  cityLabel: 'City',
  postcodeLabel: 'Postal code',
  postcodeNumeric: false,
};

const formats: Record<string, AddressFormat> = {
  AU: {
    stateLabel: 'State',
    stateOptions: australianStates,
    stateRequired: true,
    cityLabel: 'Suburb or town',
    postcodeLabel: 'Postcode',
    postcodePattern: /^\d{4}$/,
    postcodeInvalid: 'Enter a 4-digit postcode.',
    postcodeNumeric: true,
  },
  NZ: {
    stateLabel: 'Region (optional)',
    stateRequired: false,
    cityLabel: 'Town or city',
    postcodeLabel: 'Postcode',
    postcodePattern: /^\d{4}$/,
    postcodeInvalid: 'Enter a 4-digit postcode.',
    postcodeNumeric: true,
  },
  US: {
    stateLabel: 'State',
    stateRequired: true,
    cityLabel: 'City',
    postcodeLabel: 'ZIP code',
    postcodePattern: /^\d{5}(-\d{4})?$/,
    postcodeInvalid: 'Enter a 5-digit ZIP code.',
    postcodeNumeric: false,
  },
  CA: {
    stateLabel: 'Province',
    stateRequired: true,
    cityLabel: 'City',
    postcodeLabel: 'Postal code',
    postcodePattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
    postcodeInvalid: 'Enter a postal code such as K1A 0B1.',
    postcodeNumeric: false,
  },
  GB: {
    stateLabel: 'County (optional)',
    stateRequired: false,
    cityLabel: 'Post town',
    postcodeLabel: 'Postcode',
    postcodePattern: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i,
    postcodeInvalid: 'Enter a postcode such as SW1A 1AA.',
    postcodeNumeric: false,
  },
};

export const addressFormat = (country: string | null | undefined): AddressFormat =>
  formats[(country ?? '').toUpperCase()] ?? neutral;

/** Spec 3 §5's address messages (every checkout says the same). */
export const addressMessages = {
  country: 'Please select country',
  address1: 'Enter address',
  city: 'Enter city',
  state: 'Please select state/province.',
  zipCode: 'Please enter zip or postal code.',
} as const;

const text = z.string().trim();

/** The address rules: required parts, then the country's state choice and postcode shape. */
export const addressSchema = z
  .object({
    country: text.min(1, addressMessages.country).max(2, addressMessages.country),
    address1: text.min(1, addressMessages.address1).max(200),
    address2: text.max(200),
    state: text.max(100),
    city: text.min(1, addressMessages.city).max(100),
    zipCode: text.min(1, addressMessages.zipCode).max(20),
  })
  .superRefine((address, context) => {
    const format = addressFormat(address.country);
    if (format.stateRequired && !address.state)
      context.addIssue({ code: 'custom', path: ['state'], message: addressMessages.state });
    if (address.state && format.stateOptions && !format.stateOptions.some((option) => option.value === address.state))
      context.addIssue({ code: 'custom', path: ['state'], message: addressMessages.state });
    if (address.zipCode && format.postcodePattern && !format.postcodePattern.test(address.zipCode))
      context.addIssue({
        code: 'custom',
        path: ['zipCode'],
        message: format.postcodeInvalid ?? addressMessages.zipCode,
      });
  });

const typed = (value: unknown) => (typeof value === 'string' ? value : '');

/** A checkout's own words for the address rules' messages (spec 2's zoning checkout words them its own way). */
export type AddressWording = Partial<Record<keyof typeof addressMessages, string>>;

/**
 * Each part's first message (for a form's `validate`); empty when the address is fine. `wording`
 * replaces the shared words of a rule, never the rule.
 */
export function addressErrors(
  address: Partial<Address> | undefined,
  wording: AddressWording = {},
): Partial<Record<keyof Address, string>> {
  const values: Address = {
    country: typed(address?.country),
    address1: typed(address?.address1),
    address2: typed(address?.address2),
    state: typed(address?.state),
    city: typed(address?.city),
    zipCode: typed(address?.zipCode),
  };
  const result = addressSchema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<keyof Address, string>> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof Address | undefined;
    if (!key || errors[key] !== undefined) continue;
    const shared = key in addressMessages ? addressMessages[key as keyof typeof addressMessages] : undefined;
    errors[key] = issue.message === shared ? (wording[key as keyof AddressWording] ?? issue.message) : issue.message;
  }
  return errors;
}

/**
 * True while a part the address rules require is still empty (the state too where the country asks for
 * one): a form's 'Fields are empty.' notice, beside each part's own message from `addressErrors`.
 */
export function addressIncomplete(address: Partial<Address> | undefined): boolean {
  const errors = addressErrors(address);
  return (Object.keys(errors) as (keyof Address)[]).some((key) => !typed(address?.[key]).trim());
}

/** An Australian state typed in words or any case ('south australia', 'Sa', 'vic.') as its abbreviation, or null. */
export function australianState(text: string | null | undefined): string | null {
  const value = (text ?? '').trim().replace(/\.$/, '').toLowerCase();
  const match = australianStates.find(
    (option) => option.value.toLowerCase() === value || option.label.toLowerCase() === value,
  );
  return match?.value ?? null;
}

function stateOf(country: string, state: string | null | undefined): string {
  const value = (state ?? '').trim();
  if (country !== 'AU') return value;
  return australianState(value) ?? value;
}

/** The address kept in the contact profile (older profiles hold `street` and `suburb`). */
export function addressFromContact(contact: ContactDetails | null | undefined, fallbackCountry = 'AU'): Address {
  const country = (contact?.country || fallbackCountry).toUpperCase();
  return {
    country,
    address1: contact?.address1 || contact?.street || '',
    address2: contact?.address2 ?? '',
    state: stateOf(country, contact?.state),
    city: contact?.city || contact?.suburb || '',
    zipCode: contact?.post_code ?? '',
  };
}

/** The contact-profile fields of an address (trimmed). */
export function addressToContact(address: Address): ContactDetails {
  return {
    country: address.country.trim().toUpperCase(),
    address1: address.address1.trim(),
    address2: address.address2.trim(),
    state: address.state.trim(),
    city: address.city.trim(),
    post_code: address.zipCode.trim(),
  };
}

/** One line for a summary or a document: '1 Long Paddock Rd, Wagga Wagga NSW 2650'. */
export function formatAddressLine(address: Address): string {
  const locality = [address.city, address.state, address.zipCode].map((part) => part.trim()).filter(Boolean);
  return [address.address1.trim(), address.address2.trim(), locality.join(' ')].filter(Boolean).join(', ');
}

/** What a checkout keeps in the contact profile when the buyer ticks 'Save my details'. */
export interface PurchaserDetails {
  /** A full name ('Owen Grower'): split at the first space into first and last name. */
  fullName?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  company?: string;
  address: Address;
}

/** The contact-profile update for a purchaser (empty parts left out, so a PUT keeps what was there). */
export function purchaserContact(details: PurchaserDetails): ContactDetails {
  const [first, ...rest] = (details.fullName ?? '').trim().split(/\s+/);
  const firstName = (details.firstName ?? first ?? '').trim();
  const lastName = (details.lastName ?? rest.join(' ')).trim();
  const out: ContactDetails = addressToContact(details.address);
  if (firstName) out.first_name = firstName;
  if (lastName) out.last_name = lastName;
  if (details.phone?.trim()) out.phone_number = details.phone.trim();
  if (details.company?.trim()) out.company = details.company.trim();
  return out;
}

/** The consent tick's words, shown on every checkout. */
export const SAVE_DETAILS_LABEL = 'Save my name, phone, company and address for my next purchase';
