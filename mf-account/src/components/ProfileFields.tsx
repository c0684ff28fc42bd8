import {
  contactDetailsSchema,
  userTypeLabels,
  userTypes,
  type ContactDetails,
  type UserType,
} from '@paddock/shared/contracts';
import { SelectField, TextField } from '@paddock/shared/ui/form';
import styles from './ProfileFields.module.css';

export interface ProfileFormValues {
  first_name?: string;
  last_name?: string;
  email?: string;
  user_type?: UserType | '';
}

export type ProfileErrors = Partial<Record<keyof ProfileFormValues, string>>;

const occupationOptions = userTypes.map((value) => ({ value, label: userTypeLabels[value] }));
const blank = (value: string | undefined): boolean => !value?.trim();

/** Spec 3 §5, word for word; a malformed address is caught here rather than as a server error. */
export function validateProfile(values: ProfileFormValues): ProfileErrors {
  const errors: ProfileErrors = {};
  if (blank(values.first_name)) errors.first_name = 'Enter First Name';
  if (blank(values.last_name)) errors.last_name = 'Enter Last Name';
  if (blank(values.email)) errors.email = 'Enter Email Address';
  else if (!contactDetailsSchema.shape.email.safeParse(values.email?.trim()).success)
    errors.email = 'Enter a valid Email Address';
  if (!values.user_type) errors.user_type = 'Select Occupation';
  return errors;
}

/** The contact-details payload of a valid form. */
export function toContactDetails(values: ProfileFormValues): ContactDetails {
  return {
    first_name: values.first_name?.trim() ?? '',
    last_name: values.last_name?.trim() ?? '',
    email: values.email?.trim() ?? null,
    user_type: values.user_type ?? '',
  };
}

/** The form's starting values from whatever the account already knows. */
export function profileInitialValues(source: ContactDetails): ProfileFormValues {
  return {
    first_name: source.first_name ?? '',
    last_name: source.last_name ?? '',
    email: source.email ?? '',
    user_type: source.user_type ?? '',
  };
}

/** Name, e-mail and occupation: the same fields on profile setup and in the getting-started modal. */
export function ProfileFields({ disabled }: { disabled?: boolean }) {
  return (
    <div className={styles.grid}>
      <TextField name="first_name" label="First Name" autoComplete="given-name" disabled={disabled} />
      <TextField name="last_name" label="Last Name" autoComplete="family-name" disabled={disabled} />
      <div className={styles.wide}>
        <TextField name="email" label="Email" type="email" autoComplete="email" disabled={disabled} />
      </div>
      <div className={styles.wide}>
        <SelectField
          name="user_type"
          label="Occupation"
          placeholder="Select Occupation"
          options={occupationOptions}
          disabled={disabled}
        />
      </div>
    </div>
  );
}
