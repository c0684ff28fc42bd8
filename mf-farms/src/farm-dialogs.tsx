import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { MfProps } from '@paddock/shared/contracts';
import { DeleteFarmModal } from './components/delete-farm/DeleteFarmModal';
import { ShareModal } from './components/share/ShareModal';
import { FarmsProvider } from './context';

// This area's farm dialogs for other areas (the map's more-menu), framework-free for the caller:
// each gets its own React root (React is a shared singleton, so this costs little).

export interface FarmDialogOptions {
  /** The host's props, as the calling area received them. */
  props: MfProps;
  farm: { farm_id: string; farm_name: string };
  /** The dialog closed (whatever happened); the caller unmounts it. */
  onClose(): void;
}

function mount(element: HTMLElement, props: MfProps, dialog: ReactNode): () => void {
  const root = createRoot(element);
  root.render(<FarmsProvider props={props}>{dialog}</FarmsProvider>);
  return () => root.unmount();
}

/** Invite Collaborator; `onShared` runs once the invitations were sent ('Farms shared successfully' is shown). */
export function mountShareModal(
  element: HTMLElement,
  { props, farm, onClose, onShared }: FarmDialogOptions & { onShared(): void },
): () => void {
  return mount(
    element,
    props,
    <ShareModal
      title="Invite Collaborator"
      farms={[{ id: farm.farm_id, name: farm.farm_name }]}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      onShared={onShared}
    />,
  );
}

/** Delete Farm (type the exact name); `onDeleted` runs once the server deleted it ('Farm deleted successfully!' is shown). */
export function mountDeleteFarmModal(
  element: HTMLElement,
  { props, farm, onClose, onDeleted }: FarmDialogOptions & { onDeleted(): void },
): () => void {
  return mount(
    element,
    props,
    <DeleteFarmModal
      farm={{ id: farm.farm_id, name: farm.farm_name }}
      isOpen
      onClose={onClose}
      onDeleted={onDeleted}
    />,
  );
}
