import { useState } from 'react';
import { useField } from 'react-final-form';
import { SAVE_DETAILS_LABEL, addressFormat } from '../../contracts/address';
import { countryOptions } from './countries';
import { CheckboxField, SelectField, TextAreaField, TextField } from './fields';
import styles from './AddressFields.module.css';

interface AddressFieldsProps {
  /** Field-name prefix for a nested address (`shipping.` → `shipping.address1`); none for top-level fields. */
  prefix?: string;
  /** Shows the country as fixed (e.g. 'AU' for Rapid-EM shipping) instead of a choice. */
  lockedCountry?: string;
  /** Said under a locked country. */
  lockedHint?: string;
  disabled?: boolean;
}

/**
 * The one postal address block of the form kit (values and rules: `Address`, `addressErrors` in the
 * contracts): country, street, optional second line, then the country's own parts — an Australian
 * address picks its State and types a 4-digit Postcode; other countries get their own labels
 * (`addressFormat`). Messages come from the form's `validate`.
 */
export function AddressFields({ prefix = '', lockedCountry, lockedHint, disabled }: AddressFieldsProps) {
  const [showAddress2, setShowAddress2] = useState(false);
  const address2 = useField<string>(`${prefix}address2`, { subscription: { value: true } });
  const country = useField<string>(`${prefix}country`, { subscription: { value: true } });
  const format = addressFormat(lockedCountry ?? country.input.value);
  const locked = lockedCountry ? countryOptions.find((option) => option.value === lockedCountry) : undefined;
  return (
    <>
      {lockedCountry ? (
        <SelectField
          name={`${prefix}country`}
          label="Country"
          options={locked ? [locked] : [{ value: lockedCountry, label: lockedCountry }]}
          disabled
          hint={lockedHint}
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
      <TextAreaField
        name={`${prefix}address1`}
        label="Street address"
        required
        rows={2}
        disabled={disabled}
        maxLength={200}
      />
      {showAddress2 || address2.input.value ? (
        <TextField
          name={`${prefix}address2`}
          label="Apartment, suite or other (optional)"
          required={false}
          autoComplete="address-line2"
          disabled={disabled}
        />
      ) : (
        <button type="button" className={styles.linkButton} onClick={() => setShowAddress2(true)} disabled={disabled}>
          + Add apartment, suite or other
        </button>
      )}
      <TextField name={`${prefix}city`} label={format.cityLabel} autoComplete="address-level2" disabled={disabled} />
      <div className={styles.pair}>
        {format.stateOptions ? (
          <SelectField
            name={`${prefix}state`}
            label={format.stateLabel}
            placeholder="Select state"
            options={format.stateOptions}
            disabled={disabled}
          />
        ) : (
          <TextField
            name={`${prefix}state`}
            label={format.stateLabel}
            required={format.stateRequired}
            autoComplete="address-level1"
            disabled={disabled}
          />
        )}
        <TextField
          name={`${prefix}zipCode`}
          label={format.postcodeLabel}
          autoComplete="postal-code"
          inputMode={format.postcodeNumeric ? 'numeric' : undefined}
          maxLength={format.postcodeNumeric ? 4 : 20}
          disabled={disabled}
        />
      </div>
    </>
  );
}

/** The buyer's consent to keep the typed details in the contact profile (form field `saveDetails`, on by default). */
export function SaveDetailsField({ disabled }: { disabled?: boolean }) {
  return (
    <CheckboxField name="saveDetails" disabled={disabled}>
      {SAVE_DETAILS_LABEL}
    </CheckboxField>
  );
}
