// The one modal of every area: react-aria (focus trap, Escape, labelled) in the shared look.
// Its own entry point (@paddock/shared/ui/modal) keeps react-aria out of the shell bundle.
import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import styles from './AppModal.module.css';

interface AppModalProps {
  title: string;
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  /** Blocks Escape and outside clicks while something is being saved. */
  isBusy?: boolean;
  /** 'alertdialog' for confirmations of something that cannot be undone. */
  role?: 'dialog' | 'alertdialog';
  /** 'wide' for a document shown inside (a PDF preview); forms and confirmations keep the default. */
  size?: 'default' | 'wide';
  children: ReactNode;
}

/** A React Aria modal dialog: labelled by its title, focus trapped, Escape and the close button close it. */
export function AppModal({
  title,
  isOpen,
  onOpenChange,
  isBusy = false,
  role = 'dialog',
  size = 'default',
  children,
}: AppModalProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!isBusy}
      isKeyboardDismissDisabled={isBusy}
      className={styles.overlay}
    >
      <Modal className={size === 'wide' ? `${styles.modal} ${styles.wide}` : styles.modal}>
        <Dialog role={role} className={styles.dialog}>
          <div className={styles.header}>
            <Heading slot="title" className={styles.title}>
              {title}
            </Heading>
            <button
              type="button"
              className={styles.close}
              aria-label="Close"
              disabled={isBusy}
              onClick={() => onOpenChange(false)}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <div className={styles.body}>{children}</div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
