import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type {
  DeleteFarmModalOptions,
  FarmDialogsModule,
  MfProps,
  ShareModalOptions,
  Unmount,
} from '@paddock/shared/contracts';
import { DeleteFarmModal } from './components/delete-farm/DeleteFarmModal';
import { ShareModal } from './components/share/ShareModal';
import { FarmsProvider } from './context';

// This area's farm dialogs for other areas (the map's more-menu), framework-free for the caller:
// each gets its own React root (React is a shared singleton, so this costs little).

function mount(element: HTMLElement, props: MfProps, dialog: ReactNode): Unmount {
  const root = createRoot(element);
  root.render(<FarmsProvider props={props}>{dialog}</FarmsProvider>);
  return () => root.unmount();
}

/** Invite Collaborator; `onShared` runs once the invitations were sent ('Farms shared successfully' is shown). */
export function mountShareModal(element: HTMLElement, { props, farm, onClose, onShared }: ShareModalOptions): Unmount {
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
  { props, farm, onClose, onDeleted }: DeleteFarmModalOptions,
): Unmount {
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

// The exposer keeps to the one type every loader uses (shared/contracts/exposed.ts).
({ mountShareModal, mountDeleteFarmModal }) satisfies FarmDialogsModule;
