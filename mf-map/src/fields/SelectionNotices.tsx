import { paths } from '@paddock/shared/contracts';
import { Button, goTo } from '@paddock/shared/ui';
import { AppModal, dialogStyles } from '@paddock/shared/ui/modal';
import { useMapArea } from '../context';
import { messages } from '../messages';
import { MANY_FIELDS_WARNING, useMapStore, useMapStoreApi } from '../store';

/**
 * What the selection rules have to say (spec 2 §4): more than 50 fields selected, or a Basic user
 * reaching for multi-selection.
 */
export function SelectionNotices() {
  const { basename } = useMapArea();
  const store = useMapStoreApi();
  const notice = useMapStore((s) => s.selectionNotice);
  const count = useMapStore((s) => s.selectedFields.length);
  const dismiss = () => store.getState().dismissSelectionNotice();

  return (
    <>
      <AppModal
        title={messages.tooManyFields}
        role="alertdialog"
        isOpen={notice === 'too-many-fields'}
        onOpenChange={(open) => !open && dismiss()}
      >
        <div className={dialogStyles.stack}>
          <p className={dialogStyles.text}>
            You have selected {count} fields. With more than {MANY_FIELDS_WARNING} fields at once, imagery and zoning
            can be slow to load.
          </p>
          <div className={dialogStyles.actions}>
            <Button variant="secondary" onClick={() => store.getState().clearSelection()}>
              {messages.tooManyUnselect}
            </Button>
            <Button onClick={dismiss}>{messages.tooManyProceed}</Button>
          </div>
        </div>
      </AppModal>
      <AppModal
        title={messages.multiSelectUpsell}
        isOpen={notice === 'multi-select-upsell'}
        onOpenChange={(open) => !open && dismiss()}
      >
        <div className={dialogStyles.stack}>
          <p className={dialogStyles.text}>
            Select several fields at once, and see their imagery side by side, with Paddock Advanced.
          </p>
          <div className={dialogStyles.actions}>
            <Button variant="secondary" onClick={dismiss}>
              Not now
            </Button>
            <Button
              onClick={() => {
                dismiss();
                goTo(basename, paths.advanced());
              }}
            >
              {messages.getAdvanced}
            </Button>
          </div>
        </div>
      </AppModal>
    </>
  );
}
