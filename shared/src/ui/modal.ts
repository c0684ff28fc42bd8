// Dialogs: their own entry point (@paddock/shared/ui/modal) keeps react-aria out of the shell bundle.
export { AppModal } from './AppModal';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
