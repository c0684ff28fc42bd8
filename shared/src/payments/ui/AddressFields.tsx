import { useState } from 'react';
import { SelectField, TextAreaField, TextField, useField } from '@paddock/shared/ui/form';
import { countryOptions } from './countries';
import styles from './AddressFields.module.css';

interface AddressFieldsProps {
  /** Field-name prefix for a nested address (`shipping.` → `shipping.address1`); none for top-level fields. */
  prefix?: string;
  /** Shows the country as fixed (e.g. 'AU' for Rapid-EM shipping) instead of a choice. */
  lockedCountry?: string;
  disabled?: boolean;
}

/**
 * One postal address block: country, street, optional second line, state, city and post code. The
 * checkout's billing address and the Rapid-EM booking's shipping and billing addresses all use it;
 * messages come from the form's `validate` (spec 2 §5 / spec 3 §5).
 */
export function AddressFields({ prefix = '', lockedCountry, disabled }: AddressFieldsProps) {
  const [showAddress2, setShowAddress2] = useState(false);
  const address2 = useField<string>(`${prefix}address2`, { subscription: { value: true } });
  const locked = lockedCountry ? countryOptions.find((option) => option.value === lockedCountry) : undefined;
  return (
    <>
      {lockedCountry ? (
        <SelectField
          name={`${prefix}country`}
          label="Country"
          options={locked ? [locked] : [{ value: lockedCountry, label: lockedCountry }]}
          disabled
          hint="Rapid-EM machines are shipped within Australia."
        />
      ) : (
        <SelectField
          name={`${prefix}country`}
          label="Country"
          placeholder="Select country"
          options={countryOptions}
          disabled={disabled}
        />
      )}
      <TextAreaField name={`${prefix}address1`} label="Street address" required rows={2} disabled={disabled} />
      {showAddress2 || address2.input.value ? (
        <TextField
          name={`${prefix}address2`}
          label="Apartment, suite or other (optional)"
          required={false}
          disabled={disabled}
        />
      ) : (
        <button type="button" className={styles.linkButton} onClick={() => setShowAddress2(true)} disabled={disabled}>
          + Add apartment, suite or other
        </button>
      )}
      <div className={styles.pair}>
        <TextField
          name={`${prefix}state`}
          label="State or province"
          autoComplete="address-level1"
          disabled={disabled}
        />
        <TextField name={`${prefix}city`} label="City" autoComplete="address-level2" disabled={disabled} />
      </div>
      <TextField name={`${prefix}zipCode`} label="Zip code" autoComplete="postal-code" disabled={disabled} />
    </>
  );
}
