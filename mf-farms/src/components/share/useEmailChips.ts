import { useState } from 'react';
import { MAX_SHARE_EMAILS } from '@paddock/shared/contracts';
import { isValidEmail } from '../../lib/email';
import { messages } from '../../lib/messages';

const SEPARATORS = /[\s,;]+/;

/**
 * The e-mail list of the share modal (spec 1 §4.4, §5): an address becomes a chip on Space or when
 * the input loses focus; a blank or invalid entry on Space says 'Email Address is invalid'.
 */
export function useEmailChips() {
  const [emails, setEmails] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = (list: string[], value: string) =>
    list.some((e) => e.toLowerCase() === value.toLowerCase()) ? list : [...list, value];

  /** Turns the draft into a chip; `blank` says whether an empty draft counts as a mistake. */
  const commit = (blank: 'invalid' | 'ignore'): void => {
    const value = draft.trim();
    if (!value && blank === 'ignore') return;
    if (!isValidEmail(value)) {
      setError(messages.emailInvalid);
      return;
    }
    setEmails((list) => add(list, value));
    setDraft('');
    setError(null);
  };

  /** Pasted lists become chips at once; whatever is not an address stays in the box, flagged. */
  const paste = (text: string): void => {
    const tokens = `${draft} ${text}`.split(SEPARATORS).filter(Boolean);
    const valid = tokens.filter(isValidEmail);
    const rest = tokens.filter((t) => !isValidEmail(t));
    setEmails((list) => valid.reduce(add, list));
    setDraft(rest.join(' '));
    setError(rest.length > 0 ? messages.emailInvalid : null);
  };

  const changeDraft = (value: string) => {
    setDraft(value);
    setError(null);
  };

  const remove = (email: string) => setEmails((list) => list.filter((e) => e !== email));

  const removeLast = () => setEmails((list) => list.slice(0, -1));

  /** Everything to send, the unfinished draft included; null (with a message shown) when not sendable. */
  const collect = (): string[] | null => {
    const value = draft.trim();
    if (value && !isValidEmail(value)) {
      setError(messages.emailInvalid);
      return null;
    }
    const all = value ? add(emails, value) : emails;
    if (all.length === 0) {
      setError(messages.emailsMissing);
      return null;
    }
    if (all.length > MAX_SHARE_EMAILS) {
      setError(messages.tooManyEmails(all.length));
      return null;
    }
    return all;
  };

  return { emails, draft, error, commit, paste, changeDraft, remove, removeLast, collect };
}

export type EmailChipsState = ReturnType<typeof useEmailChips>;
