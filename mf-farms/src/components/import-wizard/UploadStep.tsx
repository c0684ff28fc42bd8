import { useId } from 'react';
import { useDropzone } from 'react-dropzone';
import { convertLimits } from '@paddock/shared/contracts';
import { Button, Spinner, IconButton } from '@paddock/shared/ui';
import { dialogStyles as dialog } from '@paddock/shared/ui/modal';
import { controlStyles as form } from '@paddock/shared/ui/form';
import { Icon } from '@paddock/shared/ui';
import type { Conversion } from './useConversion';
import type { FileChoice } from './useFileChoice';
import { formatFileSize } from '@paddock/shared/format';
import { pickerAccept, type ImportFileType } from './uploadRules';
import styles from './ImportWizard.module.css';

const typeLabels: Record<ImportFileType, string> = { shapefile: 'Shapefile (.shp)', kml: 'KML or KMZ' };

const maxSize = formatFileSize(convertLimits.maxRequestBytes);
const hints: Record<ImportFileType, string> = {
  shapefile: `Add the .shp, .shx and .dbf files (and .prj and .cpg when you have them), or one .zip of them. Up to ${maxSize} in total.`,
  kml: `Add one .kml or .kmz file, up to ${maxSize}.`,
};

interface PartProps {
  choice: FileChoice;
  disabled: boolean;
}

function TypeChoice({ choice, disabled }: PartProps) {
  const name = useId();
  return (
    <fieldset className={styles.types} disabled={disabled}>
      <legend>File type</legend>
      {(Object.keys(typeLabels) as ImportFileType[]).map((type) => (
        <label key={type} className={styles.type}>
          <input
            type="radio"
            name={name}
            value={type}
            checked={choice.type === type}
            onChange={() => choice.chooseType(type)}
          />
          {typeLabels[type]}
        </label>
      ))}
    </fieldset>
  );
}

function Dropzone({ choice, disabled, hintId }: PartProps & { hintId: string }) {
  // Our own rules judge every file and how many (order matters to them), so the dropzone takes whatever
  // it is given; only the file picker is told what to offer.
  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    onDrop: (files) => choice.drop(files),
    multiple: true,
    noClick: true,
    noKeyboard: true,
    disabled,
  });
  return (
    <div
      {...getRootProps({
        role: 'group',
        'aria-label': 'Drop files here',
        className: styles.dropzone,
        'data-active': isDragActive || undefined,
        'data-disabled': disabled || undefined,
      })}
    >
      <input
        {...getInputProps({
          accept: pickerAccept[choice.type],
          multiple: choice.type === 'shapefile',
          'aria-label': 'Files to upload',
        })}
      />
      <span className={styles.dropIcon}>
        <Icon name="upload" size={28} />
      </span>
      <p className={styles.dropText}>{isDragActive ? 'Drop the files here' : 'Drag and drop your files here'}</p>
      <Button variant="secondary" onClick={open} disabled={disabled} aria-describedby={hintId}>
        Browse files
      </Button>
      <p id={hintId} className={form.hint}>
        {hints[choice.type]}
      </p>
    </div>
  );
}

function FileList({ choice, disabled }: PartProps) {
  if (choice.files.length === 0) return null;
  return (
    <ul className={styles.files} aria-label="Chosen files">
      {choice.files.map((file) => (
        <li key={`${file.name}-${file.size}-${file.lastModified}`} className={styles.file}>
          <span className={styles.fileName} title={file.name}>
            {file.name}
          </span>
          <span className={styles.fileSize}>{formatFileSize(file.size)}</span>
          <IconButton
            icon="trash"
            tone="danger"
            label={`Remove ${file.name}`}
            disabled={disabled}
            onClick={() => choice.remove(file)}
          />
        </li>
      ))}
    </ul>
  );
}

/** What the drop, the rules and the server have to say (a refused drop speaks first); errors are announced. */
function Messages({ choice, conversion }: { choice: FileChoice; conversion: Conversion }) {
  const problem = choice.dropError ? null : choice.problem;
  return (
    <>
      {choice.dropError && (
        <p className={form.error} role="alert">
          {choice.dropError}
        </p>
      )}
      {problem && (
        <p className={form.error} role="alert">
          {problem}
        </p>
      )}
      {problem && choice.check.missing.length > 0 && (
        <p className={form.hint}>Still missing: {choice.check.missing.join(', ')}</p>
      )}
      {choice.ignored.length > 0 && (
        <p className={form.hint}>Left out (not shapefile parts): {choice.ignored.join(', ')}</p>
      )}
      {conversion.error && (
        <p className={dialog.warning} role="alert">
          {conversion.error}
        </p>
      )}
    </>
  );
}

interface UploadStepProps {
  choice: FileChoice;
  conversion: Conversion;
  /** The step before this one, when there is one (the create-farm modal). */
  onBack?(): void;
}

/** Step 1 (spec 1 §2.6, §5): the file type, the dropzone, the chosen files; Next uploads. */
export function UploadStep({ choice, conversion, onBack }: UploadStepProps) {
  const hintId = useId();
  const busy = conversion.uploading;
  const next = () => {
    choice.touch();
    conversion.clearError();
    if (choice.check.ready && !busy) conversion.start(choice.files);
  };
  return (
    <div className={dialog.stack}>
      <TypeChoice choice={choice} disabled={busy} />
      <Dropzone choice={choice} disabled={busy} hintId={hintId} />
      <FileList choice={choice} disabled={busy} />
      <Messages choice={choice} conversion={conversion} />
      {busy && (
        <div className={styles.status} role="status">
          <Spinner label="Uploading" /> Uploading and converting your files…
        </div>
      )}
      <div className={dialog.actions}>
        {onBack && (
          <Button variant="secondary" onClick={onBack} disabled={busy}>
            Go Back
          </Button>
        )}
        {/* Looks disabled until the files can go (spec 1 §5), yet a press still says what is missing. */}
        <Button
          className={styles.inactive}
          onClick={next}
          aria-disabled={!choice.check.ready || busy || undefined}
          aria-busy={busy || undefined}
        >
          {busy ? 'Uploading…' : 'Next'}
        </Button>
      </div>
    </div>
  );
}
