import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { useField } from 'react-final-form';
import { Switch } from 'react-aria-components';
import styles from './controls.module.css';

/** A field-level rule: the message to show, or undefined when the value is fine. */
export type FieldRule<V> = (value: V) => string | undefined;

interface FieldShellProps {
  id: string;
  label: ReactNode;
  hint?: string;
  error: string | null;
  className?: string;
  children: ReactNode;
}

/** Label, control, hint and message: the message is tied to the control so screen readers read it. */
function FieldShell({ id, label, hint, error, className, children }: FieldShellProps) {
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

interface CommonProps<V> {
  name: string;
  /** Usually text; may hold emphasis ('Type <strong>North Farm</strong> to confirm'). */
  label: ReactNode;
  hint?: string;
  disabled?: boolean;
  /** Marks the control required for assistive technology (the rule itself is `validate`'s). */
  required?: boolean;
  validate?: FieldRule<V>;
  className?: string;
}

/**
 * What every text-like field shares: its id, its react-final-form input, and its message once the
 * user has left the field or tried to submit (not while they first type), tied to the control with
 * aria-invalid and aria-describedby (with the hint).
 */
function useControl({ name, label, hint, disabled, required, validate, className }: CommonProps<string>) {
  const id = useId();
  const { input, meta } = useField<string, HTMLElement>(name, { validate });
  const error = meta.error && (meta.touched || meta.submitFailed) ? String(meta.error) : null;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return {
    shell: { id, label, hint, error, className },
    control: {
      ...input,
      value: input.value ?? '',
      id,
      disabled,
      'aria-required': required || undefined,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
    },
  };
}

interface TextFieldProps extends CommonProps<string> {
  type?: 'text' | 'email' | 'tel' | 'search' | 'password' | 'date';
  autoComplete?: string;
  maxLength?: number;
  autoFocus?: boolean;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel';
  inputRef?: Ref<HTMLInputElement>;
  /** Bounds of a date field (ISO calendar dates), e.g. no day after today. */
  min?: string;
  max?: string;
}

export function TextField({ type = 'text', inputRef, required = true, ...props }: TextFieldProps) {
  const { autoComplete, maxLength, autoFocus, inputMode, min, max } = props;
  const { shell, control } = useControl({ ...props, required });
  return (
    <FieldShell {...shell}>
      <input
        {...control}
        ref={inputRef}
        type={type}
        autoComplete={autoComplete}
        maxLength={maxLength}
        autoFocus={autoFocus}
        inputMode={inputMode}
        min={min}
        max={max}
        className={styles.input}
      />
    </FieldShell>
  );
}

interface TextAreaFieldProps extends CommonProps<string> {
  rows?: number;
  maxLength?: number;
}

export function TextAreaField({ rows = 4, required = false, ...props }: TextAreaFieldProps) {
  const { shell, control } = useControl({ ...props, required });
  return (
    <FieldShell {...shell}>
      <textarea {...control} rows={rows} maxLength={props.maxLength} className={styles.textarea} />
    </FieldShell>
  );
}

interface SelectFieldProps extends CommonProps<string> {
  /** The empty first choice ('Select Occupation'); omit when a value is always chosen. */
  placeholder?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}

export function SelectField({ placeholder, options, required = true, ...props }: SelectFieldProps) {
  const { shell, control } = useControl({ ...props, required });
  return (
    <FieldShell {...shell}>
      <select {...control} className={styles.select}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

type PlainSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className' | 'onChange' | 'children'> & {
  label: ReactNode;
  hint?: string;
  /** Shown under the control and tied to it (aria-invalid), like a form field's message. */
  error?: string | null;
  className?: string;
  selectClassName?: string;
  onChange(value: string): void;
  /** The options. */
  children: ReactNode;
};

/** A labelled select outside a form (pickers, settings): a form field's look, label, hint and message. */
export function PlainSelect({
  label,
  hint,
  error = null,
  className,
  selectClassName,
  onChange,
  children,
  ...select
}: PlainSelectProps) {
  const id = useId();
  const describedBy = [select['aria-describedby'], hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={className}>
      <select
        {...select}
        id={id}
        className={[styles.select, selectClassName].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
    </FieldShell>
  );
}

interface RadioGroupFieldProps {
  name: string;
  legend: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
  disabled?: boolean;
  className?: string;
}

/** One choice of a few, all in view (severity, size): native radios in a fieldset named by its legend. */
export function RadioGroupField({ name, legend, options, disabled, className }: RadioGroupFieldProps) {
  return (
    <fieldset className={[styles.radios, className].filter(Boolean).join(' ')} disabled={disabled}>
      <legend className={styles.label}>{legend}</legend>
      {options.map((option) => (
        <RadioOption key={option.value} name={name} {...option} />
      ))}
    </fieldset>
  );
}

function RadioOption({ name, value, label }: { name: string; value: string; label: string }) {
  const { input } = useField<string>(name, { type: 'radio', value });
  return (
    <label className={styles.radio}>
      <input {...input} type="radio" />
      {label}
    </label>
  );
}

/** An on/off choice (agreements, preferences) as a real switch (React Aria): role="switch", labelled by its text. */
export function SwitchField({ name, children, disabled }: { name: string; children: ReactNode; disabled?: boolean }) {
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

/** A native checkbox with its label (terms, 'billing same as shipping'): the label text is the whole click target. */
export function CheckboxField({ name, children, disabled }: { name: string; children: ReactNode; disabled?: boolean }) {
  const { input } = useField<boolean>(name, { type: 'checkbox' });
  return (
    <label className={styles.checkbox}>
      <input
        type="checkbox"
        name={input.name}
        checked={Boolean(input.checked)}
        onChange={input.onChange}
        onBlur={input.onBlur}
        onFocus={input.onFocus}
        disabled={disabled}
      />
      <span>{children}</span>
    </label>
  );
}

/** A message about the whole form (e.g. the server refused the save), announced when it appears. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className={styles.formError} role="alert">
      {message}
    </p>
  );
}
