import { useEffect, useState } from 'react';
import type { PaddockBus, ToastKind } from '../bus';
import styles from './ui.module.css';

interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  /** The page it was raised on: an error about that page's form goes when the user leaves it. */
  path: string;
}

/** Toasts still worth showing on `path`: an error raised on another page is about a form no longer there. */
export const toastsFor = <T extends { kind: ToastKind; path: string }>(toasts: T[], path: string): T[] =>
  toasts.filter((toast) => toast.kind !== 'error' || toast.path === path);

const DISMISS_AFTER_MS = 5000;
const DIALOG_SELECTOR = '[role="dialog"], [role="alertdialog"]';

/**
 * Whether a dialog is open. Modals are portalled as children of <body>, so watching its children is
 * enough; while one is open the toasts sit at the bottom, clear of its title and close button (e.g. the
 * receipt opened just after 'Payment successful!').
 */
function useDialogOpen(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const check = () => setOpen(document.body.querySelector(DIALOG_SELECTOR) !== null);
    check();
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true });
    return () => observer.disconnect();
  }, []);
  return open;
}
let nextId = 1;

/** The one toast mechanism: anything anywhere emits `paddock:toast` on the bus; this shows it. */
export function Toaster({ bus }: { bus: PaddockBus }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);

  useEffect(
    () =>
      bus.on('paddock:toast', ({ kind, message }) => {
        const id = nextId++;
        setToasts((current) => [...current.slice(-4), { id, kind, message, path: window.location.pathname }]);
        window.setTimeout(() => setToasts((current) => current.filter((t) => t.id !== id)), DISMISS_AFTER_MS);
      }),
    [bus],
  );

  // Leaving a page takes its errors with it (a stale 'Phone number is required' must not cover the next page's news).
  useEffect(() => {
    const left = () => setToasts((current) => toastsFor(current, window.location.pathname));
    window.addEventListener('popstate', left);
    window.addEventListener('single-spa:routing-event', left);
    return () => {
      window.removeEventListener('popstate', left);
      window.removeEventListener('single-spa:routing-event', left);
    };
  }, []);

  const dismiss = (id: number) => setToasts((current) => current.filter((t) => t.id !== id));
  const dialogOpen = useDialogOpen();

  return (
    <div
      className={styles.toaster}
      data-placement={dialogOpen ? 'bottom' : 'top'}
      aria-live="polite"
      aria-relevant="additions"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={styles.toast}
          data-kind={toast.kind}
          role={toast.kind === 'error' ? 'alert' : 'status'}
        >
          <span className={styles.toastMessage}>{toast.message}</span>
          <button type="button" className={styles.toastClose} aria-label="Dismiss" onClick={() => dismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
