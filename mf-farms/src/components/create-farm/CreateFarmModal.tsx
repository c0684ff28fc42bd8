import { useId, useRef } from 'react';
import { farmNameSchema, paths, type FarmMapNavState } from '@paddock/shared/contracts';
import { queryKeys, useAction, type Action } from '@paddock/shared/query';
import { goTo } from '@paddock/shared/ui';
import { Form, ruleOf, TextField } from '@paddock/shared/ui/form';
import { useFarms } from '../../context';
import { AppModal, dialogStyles as dialog } from '@paddock/shared/ui/modal';
import { Icon, type IconName } from '@paddock/shared/ui';
import styles from './CreateFarmModal.module.css';

interface CreateFarmModalProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  /** 'Import farm from file' with a valid name: the import wizard takes over from here. */
  onImport(farmName: string): void;
  /** A name typed earlier, e.g. when coming back from the import step. */
  initialName?: string;
}

/** The contract's rule (1 to 100 characters once trimmed), with its messages ('Farm Name is required!'). */
const nameRule = ruleOf<string>(farmNameSchema);

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

/** Creates the farm, announces it and opens its map ready to draw. */
function useCreateFarm(onCreated: () => void) {
  const { api, basename } = useFarms();
  return useAction({
    run: (name: string) => api.createFarm(name),
    events: (farm) => [['paddock:farm-changed', { farmId: farm.properties.farm_id, change: 'created' }]],
    invalidates: [queryKeys.farms.lists()],
    onSuccess: (farm) => {
      onCreated();
      // The map (mf-map) owns /farms/{id}; `draw` makes it start drawing the first field.
      const state: FarmMapNavState = { draw: true };
      goTo(basename, paths.farmMap(farm.properties.farm_id), state);
    },
  });
}

interface CreateFarmFormProps {
  initialName: string;
  create: Action<string, unknown>;
  onImport(name: string): void;
}

function CreateFarmForm({ initialName, create, onImport }: CreateFarmFormProps) {
  const input = useRef<HTMLInputElement>(null);
  const busy = create.busy;

  return (
    <Form<{ name?: string }>
      initialValues={{ name: initialName }}
      onSubmit={({ name = '' }) => {
        if (!busy) void create.trigger(farmNameSchema.parse(name));
      }}
      subscription={{ values: true }}
      render={({ handleSubmit, values, form }) => {
        const hasName = (values.name ?? '').trim().length > 0;
        /** A press without a valid name shows why and puts the cursor back in the box. */
        const showProblem = () => {
          if (!form.getState().invalid) return false;
          void form.submit();
          input.current?.focus();
          return true;
        };
        return (
          <form
            noValidate
            className={dialog.stack}
            onSubmit={(event) => {
              event.preventDefault();
              if (!showProblem()) void handleSubmit(event);
            }}
          >
            <p className={dialog.text}>
              Give your farm a name, then draw its fields on the map or bring them in from a file.
            </p>
            <TextField
              name="name"
              label="Name of farm"
              validate={nameRule}
              maxLength={200}
              autoComplete="off"
              disabled={busy}
              inputRef={input}
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
                onPress={() => {
                  if (!busy && !showProblem()) onImport(farmNameSchema.parse(values.name ?? ''));
                }}
              />
            </div>
          </form>
        );
      }}
    />
  );
}

/** Spec 1 §2.5: name the farm, then choose how to add its fields. */
export function CreateFarmModal({ isOpen, onOpenChange, onImport, initialName = '' }: CreateFarmModalProps) {
  const create = useCreateFarm(() => onOpenChange(false));
  return (
    <AppModal title="Farm management done right." isOpen={isOpen} onOpenChange={onOpenChange} isBusy={create.busy}>
      <CreateFarmForm initialName={initialName} create={create} onImport={onImport} />
    </AppModal>
  );
}
