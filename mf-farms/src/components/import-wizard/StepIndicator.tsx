import styles from './ImportWizard.module.css';

/** Spec 1 §2.6/§4.2: uploadFile, matchFields, saveFile. */
export const wizardSteps = ['upload', 'match', 'save'] as const;
export type WizardStep = (typeof wizardSteps)[number];

const labels: Record<WizardStep, string> = { upload: 'Upload File', match: 'Match Fields', save: 'Save File' };

/** Where the user is among the three steps; the current one is announced as such. */
export function StepIndicator({ current }: { current: WizardStep }) {
  const currentIndex = wizardSteps.indexOf(current);
  return (
    <ol className={styles.steps} aria-label="Import steps">
      {wizardSteps.map((step, index) => (
        <li
          key={step}
          className={styles.step}
          aria-current={step === current ? 'step' : undefined}
          data-state={index < currentIndex ? 'done' : undefined}
        >
          {labels[step]}
        </li>
      ))}
    </ol>
  );
}
