import { createRoot } from 'react-dom/client';
import type { ImportWizardModule, ImportWizardOptions, Unmount } from '@paddock/shared/contracts';
import { ImportWizard } from './components/import-wizard/ImportWizard';
import { FarmsProvider } from './context';

/**
 * The upload wizard in "add fields" mode for another area (the map's Import Field), framework-free for
 * the caller: it gets its own React root here (React is a shared singleton, so this costs little).
 * Returns the unmount.
 */
export function mountImportWizard(
  element: HTMLElement,
  { props, farm, onClose, onSaved }: ImportWizardOptions,
): Unmount {
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

// The exposer keeps to the one type every loader uses (shared/contracts/exposed.ts).
mountImportWizard satisfies ImportWizardModule['mountImportWizard'];
