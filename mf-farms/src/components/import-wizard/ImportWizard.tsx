import { useEffect, useMemo, useState } from 'react';
import type { ConvertResponse } from '@paddock/shared/contracts';
import { AppModal } from '@paddock/shared/ui/modal';
import { useFarms } from '../../context';
import { uploadMessages } from '../../lib/messages';
import { paths } from '@paddock/shared/contracts';
import { goTo } from '@paddock/shared/ui';
import { attributeNames, guessCropAttribute, summarise, toNewFields } from './importFields';
import { MatchStep } from './MatchStep';
import { PartialUploadDialog } from './PartialUploadDialog';
import { SavedStep } from './SavedStep';
import { StepIndicator, type WizardStep } from './StepIndicator';
import { UploadStep } from './UploadStep';
import { useConversion } from './useConversion';
import { useCropTypes } from './useCropTypes';
import { useFileChoice } from './useFileChoice';
import { useImportSave, type ImportTarget, type SavedImport } from './useImportSave';

export type { ImportTarget, SavedImport };

interface WizardCallbacks {
  onClose(): void;
  /** The fields are on the farm (the Save File step is showing). */
  onSaved?(result: SavedImport): void;
  /** Create mode: Go Back on the first step returns to the create-farm modal. */
  onBack?(): void;
}

interface WizardBodyProps extends WizardCallbacks {
  target: ImportTarget;
  onBusy(busy: boolean): void;
}

/** The three steps; everything here is dropped when the modal closes, so closing resets the wizard. */
function WizardBody({ target, onBusy, onClose, onSaved, onBack }: WizardBodyProps) {
  const { basename } = useFarms();
  const [step, setStep] = useState<WizardStep>('upload');
  const [converted, setConverted] = useState<ConvertResponse | null>(null);
  const [attribute, setAttribute] = useState<string | null>(null);
  const [cropAttribute, setCropAttribute] = useState<string | null>(null);
  const [saved, setSaved] = useState<SavedImport | null>(null);
  const save = useImportSave(target);
  const cropTypes = useCropTypes();
  const conversion = useConversion((result) => {
    setConverted(result);
    setAttribute(null);
    setCropAttribute(guessCropAttribute(attributeNames(result.features)));
    save.restart();
    setStep('match');
  });
  const choice = useFileChoice(conversion.clearError);
  const summary = useMemo(() => summarise(converted?.features ?? []), [converted]);
  const farmName = target.mode === 'create' ? target.farmName : target.farm.farm_name;

  const busy = save.saving || save.deleting;
  useEffect(() => onBusy(busy), [busy, onBusy]);

  const saveFields = async () => {
    if (!converted || !cropTypes.types) return;
    const result = await save.save(toNewFields(converted.features, attribute, cropTypes.types, cropAttribute));
    if (!result) return;
    setSaved(result);
    setStep('save');
    onSaved?.(result);
  };

  return (
    <>
      <StepIndicator current={step} />
      {step === 'upload' && <UploadStep choice={choice} conversion={conversion} onBack={onBack} />}
      {step === 'match' && converted && (
        <MatchStep
          target={target}
          features={converted.features}
          summary={summary}
          attribute={attribute}
          onAttributeChange={setAttribute}
          cropAttribute={cropAttribute}
          onCropAttributeChange={setCropAttribute}
          cropTypes={cropTypes}
          save={save}
          onBack={() => setStep('upload')}
          onSave={() => void saveFields()}
        />
      )}
      {step === 'save' && saved && (
        <SavedStep
          farmName={farmName}
          fieldsAdded={saved.fieldsAdded}
          hectares={summary.hectares}
          onExit={onClose}
          onProceed={
            target.mode === 'create'
              ? () => {
                  onClose();
                  goTo(basename, paths.farmMap(saved.farmId));
                }
              : undefined
          }
        />
      )}
      <PartialUploadDialog
        invalid={conversion.partial?.invalid ?? null}
        farmName={target.mode === 'create' ? null : farmName}
        onSkip={conversion.skipInvalid}
        onCancel={conversion.cancelPartial}
      />
    </>
  );
}

interface ImportWizardProps extends WizardCallbacks {
  isOpen: boolean;
  target: ImportTarget;
}

/**
 * The upload wizard (spec 1 §2.6, §4.2): Upload File → Match Fields → Save File. Creates the farm named
 * in the create-farm modal, or adds fields to an existing farm (the map's Import Field).
 */
export function ImportWizard({ isOpen, target, ...callbacks }: ImportWizardProps) {
  const [busy, setBusy] = useState(false);
  const title = target.mode === 'create' ? uploadMessages.wizardTitle : `Import fields into ${target.farm.farm_name}`;
  return (
    <AppModal title={title} isOpen={isOpen} onOpenChange={(open) => !open && callbacks.onClose()} isBusy={busy}>
      <WizardBody target={target} onBusy={setBusy} {...callbacks} />
    </AppModal>
  );
}
