import { useId, type ReactNode, type Ref } from 'react';
import { useField, type UseFieldConfig } from 'react-final-form';
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

/** A field's message once the user has left it or tried to submit, not while they first type. */
function useShownField<V>(name: string, config: UseFieldConfig) {
  const { input, meta } = useField<V, HTMLElement>(name, config);
  const shown = Boolean(meta.error) && Boolean(meta.touched || meta.submitFailed);
  return { input, error: shown ? String(meta.error) : null };
}

/** aria-invalid and aria-describedby for the message (and the hint) of a control. */
function described(id: string, error: string | null, hint: string | undefined) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return { ...(error ? { 'aria-invalid': true as const } : {}), ...(ids ? { 'aria-describedby': ids } : {}) };
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

interface TextFieldProps extends CommonProps<string> {
  type?: 'text' | 'email' | 'tel' | 'search' | 'password';
  autoComplete?: string;
  maxLength?: number;
  autoFocus?: boolean;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel';
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField({
  name,
  label,
  hint,
  disabled,
  required = true,
  validate,
  className,
  type = 'text',
  autoComplete,
  maxLength,
  autoFocus,
  inputMode,
  inputRef,
}: TextFieldProps) {
  const id = useId();
  const { input, error } = useShownField<string>(name, { validate });
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={className}>
      <input
        {...input}
        value={input.value ?? ''}
        ref={inputRef}
        id={id}
        type={type}
        autoComplete={autoComplete}
        maxLength={maxLength}
        autoFocus={autoFocus}
        inputMode={inputMode}
        disabled={disabled}
        aria-required={required || undefined}
        className={styles.input}
        {...described(id, error, hint)}
      />
    </FieldShell>
  );
}

interface TextAreaFieldProps extends CommonProps<string> {
  rows?: number;
  maxLength?: number;
}

export function TextAreaField({
  name,
  label,
  hint,
  disabled,
  required = false,
  validate,
  className,
  rows = 4,
  maxLength,
}: TextAreaFieldProps) {
  const id = useId();
  const { input, error } = useShownField<string>(name, { validate });
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={className}>
      <textarea
        {...input}
        value={input.value ?? ''}
        id={id}
        rows={rows}
        maxLength={maxLength}
        disabled={disabled}
        aria-required={required || undefined}
        className={styles.textarea}
        {...described(id, error, hint)}
      />
    </FieldShell>
  );
}

interface SelectFieldProps extends CommonProps<string> {
  /** The empty first choice ('Select Occupation'); omit when a value is always chosen. */
  placeholder?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}

export function SelectField({
  name,
  label,
  hint,
  disabled,
  required = true,
  validate,
  className,
  placeholder,
  options,
}: SelectFieldProps) {
  const id = useId();
  const { input, error } = useShownField<string>(name, { validate });
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={className}>
      <select
        {...input}
        value={input.value ?? ''}
        id={id}
        disabled={disabled}
        aria-required={required || undefined}
        className={styles.select}
        {...described(id, error, hint)}
      >
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
