// Dialogs: their own entry point (@paddock/shared/ui/modal) keeps react-aria out of the shell bundle.
import dialogStyles from './dialog.module.css';

export { AppModal } from './AppModal';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
/** Layout inside a dialog body: .stack (the column), .text, .warning, .actions (the button row). */
export { dialogStyles };
