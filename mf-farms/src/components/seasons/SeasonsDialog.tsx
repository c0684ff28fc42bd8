import { useState } from 'react';
import { fieldSeasonCreateSchema, type FieldFeature, type FieldSeason } from '@paddock/shared/contracts';
import { errorMessage, failureMessage } from '@paddock/shared/api-client';
import { formatDate } from '@paddock/shared/format';
import { queryKeys, useAction, useQuery } from '@paddock/shared/query';
import { Button, Spinner } from '@paddock/shared/ui';
import { Form, SelectField, TextAreaField, TextField, validateWith } from '@paddock/shared/ui/form';
import { AppModal, dialogStyles as dialog } from '@paddock/shared/ui/modal';
import { useFarms } from '../../context';
import { useCropTypes } from '../import-wizard/useCropTypes';
import styles from './SeasonsDialog.module.css';

interface SeasonValues {
  crop?: string;
  variety?: string;
  sowing_date?: string;
  harvest_date?: string;
  notes?: string;
}

const blankToNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/** The form's values as the API takes them (empty boxes are "not set"). */
export function toSeasonBody(values: SeasonValues) {
  return {
    crop: (values.crop ?? '').trim(),
    variety: blankToNull(values.variety),
    sowing_date: blankToNull(values.sowing_date),
    harvest_date: blankToNull(values.harvest_date),
    notes: blankToNull(values.notes),
  };
}

const validate = (values: SeasonValues) => {
  const body = toSeasonBody(values);
  const result = fieldSeasonCreateSchema.safeParse(body);
  if (result.success) return {};
  return validateWith<SeasonValues>(fieldSeasonCreateSchema)({
    ...values,
    variety: body.variety ?? undefined,
    sowing_date: body.sowing_date ?? undefined,
    harvest_date: body.harvest_date ?? undefined,
    notes: body.notes ?? undefined,
  } as SeasonValues);
};

function SeasonForm({
  initial,
  crops,
  busy,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: SeasonValues;
  crops: string[];
  busy: boolean;
  submitLabel: string;
  onSubmit(values: SeasonValues): void;
  onCancel(): void;
}) {
  return (
    <Form<SeasonValues>
      initialValues={initial}
      validate={(values) => {
        const errors = validate(values);
        // Empty optional boxes are fine: only the crop and the dates' order are rules.
        return Object.fromEntries(
          Object.entries(errors).filter(([key]) => key === 'crop' || (values as Record<string, unknown>)[key]),
        );
      }}
      onSubmit={(values) => onSubmit(values)}
      render={({ handleSubmit }) => (
        <form noValidate className={styles.form} onSubmit={handleSubmit} aria-label={submitLabel}>
          <SelectField
            name="crop"
            label="This season's crop"
            placeholder="Choose a crop"
            options={crops.map((crop) => ({ value: crop, label: crop }))}
            disabled={busy}
          />
          <TextField name="variety" label="Variety (optional)" required={false} disabled={busy} maxLength={100} />
          <div className={styles.dates}>
            <TextField name="sowing_date" type="date" label="Sowing date" required={false} disabled={busy} />
            <TextField name="harvest_date" type="date" label="Harvest date" required={false} disabled={busy} />
          </div>
          <TextAreaField name="notes" label="Notes (optional)" rows={2} maxLength={2000} disabled={busy} />
          <div className={dialog.actions}>
            <Button variant="secondary" type="button" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
              {busy ? 'Saving…' : submitLabel}
            </Button>
          </div>
        </form>
      )}
    />
  );
}

function SeasonItem({ season }: { season: FieldSeason }) {
  const when = [
    season.sowing_date ? `Sown ${formatDate(season.sowing_date)}` : 'Sowing date not set',
    season.harvest_date ? `harvested ${formatDate(season.harvest_date)}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <>
      <p className={styles.crop}>
        {season.crop ?? 'No crop set'}
        {season.variety ? ` · ${season.variety}` : ''}
        {season.current && <span className={styles.badge}>This season</span>}
      </p>
      <p className={styles.meta}>{when}</p>
      {season.notes && <p className={styles.meta}>{season.notes}</p>}
    </>
  );
}

/**
 * A field's seasons (issue 29): what it grew and when, newest first. Editors add this season (which
 * becomes the field's crop type) and correct any season; viewers read.
 */
export function SeasonsDialog({
  field,
  canEdit,
  farmId,
  onClose,
}: {
  field: FieldFeature | null;
  canEdit: boolean;
  farmId: string;
  onClose(): void;
}) {
  const { seasons: api } = useFarms();
  const { types } = useCropTypes();
  const crops = types ? [...types.values()] : [];
  const [editing, setEditing] = useState<'new' | string | null>(null);
  const fieldId = field?.properties.id ?? '';
  const query = useQuery({
    queryKey: queryKeys.seasons.ofField(fieldId),
    queryFn: () => api.seasons(fieldId),
    enabled: field !== null,
  });
  const invalidates = [
    queryKeys.seasons.ofField(fieldId),
    queryKeys.farms.fields(farmId),
    queryKeys.weather.all,
  ] as const;
  const add = useAction({
    run: (values: SeasonValues) => api.addSeason(fieldId, toSeasonBody(values)),
    success: 'Season saved',
    failure: (error) => failureMessage('The season could not be saved.', error),
    events: () => [['paddock:farm-changed', { farmId, change: 'updated' }]],
    invalidates: [...invalidates],
    onSuccess: () => setEditing(null),
  });
  const update = useAction({
    run: ({ id, values }: { id: string; values: SeasonValues }) => api.updateSeason(fieldId, id, toSeasonBody(values)),
    success: 'Season saved',
    failure: (error) => failureMessage('The season could not be saved.', error),
    events: () => [['paddock:farm-changed', { farmId, change: 'updated' }]],
    invalidates: [...invalidates],
    onSuccess: () => setEditing(null),
  });
  const busy = add.busy || update.busy;
  const close = () => {
    setEditing(null);
    onClose();
  };
  const list = query.data ?? [];

  return (
    <AppModal
      title={`Seasons of ${field?.properties.field_name ?? ''}`}
      isOpen={field !== null}
      isBusy={busy}
      onOpenChange={(open) => !open && close()}
    >
      <div className={dialog.stack} data-testid="seasons-dialog">
        {query.isError && !query.isFetching && (
          <p role="alert" className={styles.meta}>
            {errorMessage(query.error, 'The seasons could not be loaded.')}{' '}
            <button type="button" className={styles.textButton} onClick={() => void query.refetch()}>
              Try again
            </button>
          </p>
        )}
        {query.isPending && !query.isError && <Spinner label="Loading the seasons" />}
        {query.data && list.length === 0 && editing !== 'new' && (
          <p className={styles.meta}>No seasons yet.{canEdit ? ' Add this season’s crop and sowing date.' : ''}</p>
        )}
        {editing === 'new' ? (
          <SeasonForm
            initial={{}}
            crops={crops}
            busy={busy}
            submitLabel="Add season"
            onSubmit={(values) => void add.trigger(values)}
            onCancel={() => setEditing(null)}
          />
        ) : (
          canEdit &&
          query.data && (
            <div>
              <Button onClick={() => setEditing('new')}>Add this season</Button>
            </div>
          )
        )}
        {list.length > 0 && (
          <ol className={styles.list} aria-label="Seasons, newest first">
            {list.map((season) => (
              <li key={season.id} className={styles.item}>
                {editing === season.id ? (
                  <SeasonForm
                    initial={{
                      crop: season.crop ?? undefined,
                      variety: season.variety ?? undefined,
                      sowing_date: season.sowing_date ?? undefined,
                      harvest_date: season.harvest_date ?? undefined,
                      notes: season.notes ?? undefined,
                    }}
                    crops={season.crop && !crops.includes(season.crop) ? [season.crop, ...crops] : crops}
                    busy={busy}
                    submitLabel="Save season"
                    onSubmit={(values) => void update.trigger({ id: season.id, values })}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <>
                    <SeasonItem season={season} />
                    {canEdit && editing === null && (
                      <button
                        type="button"
                        className={styles.textButton}
                        aria-label={`Edit the ${season.crop ?? ''} season${season.sowing_date ? ` sown ${formatDate(season.sowing_date)}` : ''}`}
                        onClick={() => setEditing(season.id)}
                      >
                        Edit
                      </button>
                    )}
                  </>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
    </AppModal>
  );
}
