import { createRoot } from 'react-dom/client';
import type { MfProps } from '@paddock/shared/contracts';
import { ImportWizard } from './components/import-wizard/ImportWizard';
import { FarmsProvider } from './context';

export interface ImportWizardOptions {
  /** The host's props, as the calling area received them. */
  props: MfProps;
  farm: { farm_id: string; farm_name: string };
  /** The user closed the wizard; the caller unmounts it. */
  onClose(): void;
  /** The fields are on the farm (the wizard stays open on its Save File step). */
  onSaved(result: { fieldsAdded: number }): void;
}

/**
 * The upload wizard in "add fields" mode for another area (the map's Import Field), framework-free for
 * the caller: it gets its own React root here (React is a shared singleton, so this costs little).
 * Returns the unmount.
 */
export function mountImportWizard(
  element: HTMLElement,
  { props, farm, onClose, onSaved }: ImportWizardOptions,
): () => void {
  const root = createRoot(element);
  root.render(
    <FarmsProvider props={props}>
      <ImportWizard
        isOpen
        target={{ mode: 'add-fields', farm }}
        onClose={onClose}
        onSaved={({ fieldsAdded }) => onSaved({ fieldsAdded })}
      />
    </FarmsProvider>,
  );
  return () => root.unmount();
}
