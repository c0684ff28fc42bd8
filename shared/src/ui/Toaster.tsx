import { useEffect, useState } from 'react';
import type { PaddockBus, ToastKind } from '../bus';
import styles from './ui.module.css';

interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

const DISMISS_AFTER_MS = 5000;
let nextId = 1;

/** The one toast mechanism: anything anywhere emits `paddock:toast` on the bus; this shows it. */
export function Toaster({ bus }: { bus: PaddockBus }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);

  useEffect(
    () =>
      bus.on('paddock:toast', ({ kind, message }) => {
        const id = nextId++;
        setToasts((current) => [...current.slice(-4), { id, kind, message }]);
        window.setTimeout(() => setToasts((current) => current.filter((t) => t.id !== id)), DISMISS_AFTER_MS);
      }),
    [bus],
  );

  const dismiss = (id: number) => setToasts((current) => current.filter((t) => t.id !== id));

  return (
    <div className={styles.toaster} aria-live="polite" aria-relevant="additions">
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
