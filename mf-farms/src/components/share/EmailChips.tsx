import { useId, type ClipboardEvent, type KeyboardEvent } from 'react';
import { MAX_SHARE_EMAILS } from '@paddock/shared/contracts';
import { controlStyles as form } from '@paddock/shared/ui/form';
import type { EmailChipsState } from './useEmailChips';
import styles from './ShareModal.module.css';

interface EmailChipsProps {
  chips: EmailChipsState;
  disabled?: boolean;
}

/** A text box that collects e-mail addresses as removable chips (keyboard: Space adds, Backspace removes). */
export function EmailChips({ chips, disabled = false }: EmailChipsProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === ' ' || event.key === ',' || (event.key === 'Enter' && chips.draft.trim())) {
      event.preventDefault();
      chips.commit('invalid');
    } else if (event.key === 'Backspace' && chips.draft === '' && chips.emails.length > 0) {
      event.preventDefault();
      chips.removeLast();
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!/[\s,;]/.test(text.trim())) return;
    event.preventDefault();
    chips.paste(text);
  };

  return (
    <div className={form.field}>
      <label htmlFor={id} className={form.label}>
        Email addresses
      </label>
      <div
        className={styles.chipBox}
        data-invalid={chips.error ? true : undefined}
        data-disabled={disabled || undefined}
      >
        {chips.emails.length > 0 && (
          <ul className={styles.chips} aria-label="Email addresses to invite">
            {chips.emails.map((email) => (
              <li key={email} className={styles.chip}>
                <span className={styles.chipText}>{email}</span>
                <button
                  type="button"
                  className={styles.chipRemove}
                  aria-label={`Remove ${email}`}
                  disabled={disabled}
                  onClick={() => chips.remove(email)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          id={id}
          type="text"
          inputMode="email"
          className={styles.chipInput}
          value={chips.draft}
          placeholder={chips.emails.length ? '' : 'name@example.com'}
          autoComplete="off"
          disabled={disabled}
          aria-invalid={chips.error ? true : undefined}
          aria-describedby={chips.error ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => chips.changeDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={() => chips.commit('ignore')}
        />
      </div>
      <p id={hintId} className={form.hint}>
        Press Space after each address (up to {MAX_SHARE_EMAILS} at once). Backspace removes the last one.
      </p>
      {chips.error && (
        <p id={errorId} className={form.error} role="alert">
          {chips.error}
        </p>
      )}
    </div>
  );
}
