import { useId, type Ref } from 'react';
import controls from './controls.module.css';

interface FarmNameInputProps {
  label: string;
  value: string;
  error: string | null;
  disabled: boolean;
  onChange(value: string): void;
  inputRef?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
  className?: string;
}

/** The farm-name box of create and rename: labelled, with its validation message announced. */
export function FarmNameInput({
  label,
  value,
  error,
  disabled,
  onChange,
  inputRef,
  autoFocus,
  className,
}: FarmNameInputProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  return (
    <div className={[controls.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={controls.label}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className={controls.input}
        value={value}
        maxLength={200}
        autoFocus={autoFocus}
        autoComplete="off"
        disabled={disabled}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={errorId} className={controls.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
