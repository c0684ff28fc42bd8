import { useId, type ReactNode } from 'react';
import { useField } from 'react-final-form';
import { Switch } from 'react-aria-components';
import styles from './form.module.css';

interface FieldShellProps {
  id: string;
  label: string;
  error: string | null;
  children: ReactNode;
}

/** Label, control and message: the message is tied to the control so screen readers read it. */
function FieldShell({ id, label, error, children }: FieldShellProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A field's message once the user has left it or tried to submit, not while they first type. */
function useFieldError(name: string) {
  const { input, meta } = useField<string>(name);
  const shown = Boolean(meta.error) && Boolean(meta.touched || meta.submitFailed);
  return { input, error: shown ? String(meta.error) : null };
}

const describedBy = (id: string, error: string | null) =>
  error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};

interface TextFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email';
  autoComplete?: string;
  disabled?: boolean;
}

export function TextField({ name, label, type = 'text', autoComplete, disabled }: TextFieldProps) {
  const id = useId();
  const { input, error } = useFieldError(name);
  return (
    <FieldShell id={id} label={label} error={error}>
      <input
        {...input}
        id={id}
        type={type}
        autoComplete={autoComplete}
        disabled={disabled}
        aria-required="true"
        className={styles.input}
        {...describedBy(id, error)}
      />
    </FieldShell>
  );
}

interface SelectFieldProps {
  name: string;
  label: string;
  placeholder: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  disabled?: boolean;
}

export function SelectField({ name, label, placeholder, options, disabled }: SelectFieldProps) {
  const id = useId();
  const { input, error } = useFieldError(name);
  return (
    <FieldShell id={id} label={label} error={error}>
      <select
        {...input}
        id={id}
        disabled={disabled}
        aria-required="true"
        className={styles.select}
        {...describedBy(id, error)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** An agreement as a real switch (React Aria): a labelled checkbox with role="switch". */
export function AgreementSwitch({
  name,
  children,
  disabled,
}: {
  name: string;
  children: ReactNode;
  disabled?: boolean;
}) {
  const { input } = useField<boolean>(name, { type: 'checkbox' });
  return (
    <Switch
      isSelected={Boolean(input.checked)}
      onChange={(selected) => input.onChange(selected)}
      isDisabled={disabled}
      className={styles.switch}
    >
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
      <span className={styles.switchLabel}>{children}</span>
    </Switch>
  );
}
