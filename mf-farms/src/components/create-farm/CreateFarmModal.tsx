import { useId, useRef, useState, type FormEvent } from 'react';
import { farmNameSchema } from '@paddock/shared/contracts';
import { errorMessage } from '../../api/farmsApi';
import { useFarms } from '../../context';
import { goTo, paths } from '../../lib/paths';
import { AppModal } from '@paddock/shared/ui/modal';
import controls from '../controls.module.css';
import { FarmNameInput } from '../FarmNameInput';
import { Icon, type IconName } from '../icons';
import styles from './CreateFarmModal.module.css';

interface CreateFarmModalProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  /** 'Import farm from file' with a valid name: the import wizard takes over from here. */
  onImport(farmName: string): void;
  /** A name typed earlier, e.g. when coming back from the import step. */
  initialName?: string;
}

/** The trimmed name, or the message to show (the contract's own rule: 1 to 100 characters). */
function checkName(value: string): { name: string } | { error: string } {
  const result = farmNameSchema.safeParse(value);
  return result.success
    ? { name: result.data }
    : { error: result.error.issues[0]?.message ?? 'Farm Name is required!' };
}

interface OptionProps {
  icon: IconName;
  title: string;
  description: string;
  inactive: boolean;
  busy?: boolean;
  type?: 'button' | 'submit';
  onPress?(): void;
}

/** A big choice button; it only *looks* disabled without a name so a press can say what is missing. */
function Option({ icon, title, description, inactive, busy = false, type = 'button', onPress }: OptionProps) {
  const id = useId();
  return (
    <button
      type={type}
      className={styles.option}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      aria-disabled={inactive || busy || undefined}
      aria-busy={busy || undefined}
      data-inactive={inactive || undefined}
      onClick={onPress}
    >
      <span className={styles.optionIcon}>
        <Icon name={icon} size={26} />
      </span>
      <span id={`${id}-title`} className={styles.optionTitle}>
        {busy ? `${title}…` : title}
      </span>
      <span id={`${id}-description`} className={styles.optionText}>
        {description}
      </span>
    </button>
  );
}

interface CreateFarmFormProps {
  initialName: string;
  onBusy(busy: boolean): void;
  onClose(): void;
  onImport(name: string): void;
}

function CreateFarmForm({ initialName, onBusy, onClose, onImport }: CreateFarmFormProps) {
  const { api, basename, bus } = useFarms();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hasName = value.trim().length > 0;

  /** The name when it is valid; otherwise shows why and puts the cursor back in the box. */
  const validName = (): string | null => {
    const checked = checkName(value);
    if ('name' in checked) return checked.name;
    setError(checked.error);
    input.current?.focus();
    return null;
  };

  const draw = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const name = validName();
    if (!name) return;
    setBusy(true);
    onBusy(true);
    try {
      const farm = await api.createFarm(name);
      bus.emit('paddock:farm-changed', { farmId: farm.properties.farm_id, change: 'created' });
      onBusy(false);
      onClose();
      // The map (mf-map) owns /farms/{id}; `draw` makes it start drawing the first field.
      goTo(basename, paths.farmMap(farm.properties.farm_id), { draw: true });
    } catch (error) {
      bus.toast('error', errorMessage(error));
      setBusy(false);
      onBusy(false);
    }
  };

  const importFile = () => {
    const name = validName();
    if (name && !busy) onImport(name);
  };

  return (
    <form noValidate className={controls.stack} onSubmit={(event) => void draw(event)}>
      <p className={controls.text}>
        Give your farm a name, then draw its fields on the map or bring them in from a file.
      </p>
      <FarmNameInput
        label="Name of farm"
        value={value}
        error={error}
        disabled={busy}
        inputRef={input}
        onChange={(next) => {
          setValue(next);
          setError(null);
        }}
      />
      <div className={styles.options}>
        <Option
          icon="draw"
          title="Draw on map"
          description="Outline each field yourself on the farm map."
          inactive={!hasName}
          busy={busy}
          type="submit"
        />
        <Option
          icon="upload"
          title="Import farm from file"
          description="Bring in boundaries from a shapefile or KML/KMZ."
          inactive={!hasName || busy}
          onPress={importFile}
        />
      </div>
    </form>
  );
}

/** Spec 1 §2.5: name the farm, then choose how to add its fields. */
export function CreateFarmModal({ isOpen, onOpenChange, onImport, initialName = '' }: CreateFarmModalProps) {
  const [busy, setBusy] = useState(false);
  return (
    <AppModal title="Farm management done right." isOpen={isOpen} onOpenChange={onOpenChange} isBusy={busy}>
      <CreateFarmForm
        initialName={initialName}
        onBusy={setBusy}
        onClose={() => onOpenChange(false)}
        onImport={onImport}
      />
    </AppModal>
  );
}
