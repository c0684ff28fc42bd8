import { useState } from 'react';
import { Button } from '@paddock/shared/ui';
import { AppModal, dialogStyles } from '@paddock/shared/ui/modal';
import { countryOptions, PlainSelect } from '@paddock/shared/ui/form';
import { CHECKOUT_MESSAGES } from './rules';

interface CountryDialogProps {
  busy: boolean;
  onSave(country: string): void;
}

/** Spec 2 §2: blocking until the profile has a country (the price depends on it). */
export function CountryDialog({ busy, onSave }: CountryDialogProps) {
  const [country, setCountry] = useState('');
  const [touched, setTouched] = useState(false);
  const error = touched && !country ? CHECKOUT_MESSAGES.countryDialog : null;
  return (
    <AppModal title="Country required" isOpen onOpenChange={() => undefined} isBusy>
      <div className={dialogStyles.stack}>
        <p className={dialogStyles.text}>
          Your country is required in order for us to give you an exact price for your purchase.
        </p>
        <PlainSelect
          label="Country"
          value={country}
          onChange={setCountry}
          onBlur={() => setTouched(true)}
          error={error}
        >
          <option value="">Select country</option>
          {countryOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </PlainSelect>
        <div className={dialogStyles.actions}>
          <Button disabled={!country || busy} onClick={() => onSave(country)}>
            {busy ? 'Saving…' : 'Save as my country'}
          </Button>
        </div>
      </div>
    </AppModal>
  );
}
