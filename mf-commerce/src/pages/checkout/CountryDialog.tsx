import { useId, useState } from 'react';
import { Button } from '@paddock/shared/ui';
import { AppModal, dialogStyles } from '@paddock/shared/ui/modal';
import { controlStyles, countryOptions } from '@paddock/shared/ui/form';
import { CHECKOUT_MESSAGES } from './rules';

interface CountryDialogProps {
  busy: boolean;
  onSave(country: string): void;
}

/** Spec 2 §2: blocking until the profile has a country (the price depends on it). */
export function CountryDialog({ busy, onSave }: CountryDialogProps) {
  const id = useId();
  const [country, setCountry] = useState('');
  const [touched, setTouched] = useState(false);
  const error = touched && !country ? CHECKOUT_MESSAGES.countryDialog : null;
  return (
    <AppModal title="Country required" isOpen onOpenChange={() => undefined} isBusy>
      <div className={dialogStyles.stack}>
        <p className={dialogStyles.text}>
          Your country is required in order for us to give you an exact price for your purchase.
        </p>
        <div className={controlStyles.field}>
          <label htmlFor={id} className={controlStyles.label}>
            Country
          </label>
          <select
            id={id}
            className={controlStyles.select}
            value={country}
            onChange={(event) => setCountry(event.target.value)}
            onBlur={() => setTouched(true)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          >
            <option value="">Select country</option>
            {countryOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {error && (
            <p id={`${id}-error`} className={controlStyles.error} role="alert">
              {error}
            </p>
          )}
        </div>
        <div className={dialogStyles.actions}>
          <Button disabled={!country || busy} onClick={() => onSave(country)}>
            {busy ? 'Saving…' : 'Save as my country'}
          </Button>
        </div>
      </div>
    </AppModal>
  );
}
