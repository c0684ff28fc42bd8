import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  SCOUTING_CATEGORIES,
  SCOUTING_CATEGORY_LABELS,
  SCOUTING_NOTE_PARAM,
  SCOUTING_SEVERITIES,
  SCOUTING_SEVERITY_LABELS,
  type ScoutingCategory,
  type ScoutingGeometry,
  type ScoutingLocationSource,
  type ScoutingNote,
  type ScoutingSeverity,
} from '@paddock/shared/contracts';
import { errorMessage } from '@paddock/shared/api-client';
import { formatDate, formatFileSize } from '@paddock/shared/format';
import { Button, downloadBlob, EmptyState, ErrorState, Spinner } from '@paddock/shared/ui';
import {
  controlStyles,
  Form,
  FormError,
  Options,
  PlainSelect,
  RadioGroupField,
  SelectField,
  TextAreaField,
  TextField,
} from '@paddock/shared/ui/form';
import { useMapArea } from '../context';
import { useOlMap } from '../map-core/olMapContext';
import { useMapStore } from '../store';
import { touchFirst } from '../map-core/pointer';
import { createNotesLayer, drawArea, focusNote, nextMapClick, SEVERITY_COLOURS, type AreaSketch } from './notesLayer';
import { OfflineFarm } from './OfflineFarm';
import { ControlButton, ControlGroup } from '../controls/ControlButton';
import { fieldAt, localToday, noteAnchor, readingLine, waitingLine } from './noteRules';
import { discardNote, queueNote, retryNote, type PhotoInput } from './outbox';
import { resizePhoto } from './resizePhoto';
import type { ReportNote } from './reportPdf';
import {
  ALL_NOTES,
  scoutingOutbox,
  useNotes,
  usePeople,
  useQueued,
  useIndexReading,
  useScoutingApi,
  useSync,
  type NoteFilters,
  type QueuedView,
} from './useScouting';
import styles from './scouting.module.css';
import { useFarm, useFarmFields } from '../map-core/farmData';

interface Draft {
  geometry: ScoutingGeometry;
  source: ScoutingLocationSource;
  accuracy: number | null;
}

/** What to do while drawing an area, in the words of the pointer in hand (a finger taps). */
export const AREA_HINTS = {
  touch: 'Tap the map at each corner of the area. Tap the first corner, or Done, to close it.',
  mouse:
    'Click the map at each corner of the area. Click the first corner, or Done, to close it. Backspace removes the last corner.',
} as const;
export const AREA_TOO_SMALL = 'An area needs three corners or more. Start again with the first corner.';

const GPS_FAILED = "We couldn't find where you are. Allow location for Paddock, or place the note on the map.";
/** The phone's position with its accuracy in metres. */
function currentPosition(): Promise<{ lon: number; lat: number; accuracy: number }> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) return reject(new Error(GPS_FAILED));
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({ lon: position.coords.longitude, lat: position.coords.latitude, accuracy: position.coords.accuracy }),
      () => reject(new Error(GPS_FAILED)),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 10_000 },
    );
  });
}

/** What the note form holds besides its photos. */
interface NoteValues {
  category: ScoutingCategory;
  severity: ScoutingSeverity;
  text: string;
  observed: string;
  assignee: string;
  due: string;
}

const CATEGORY_OPTIONS = SCOUTING_CATEGORIES.map((value) => ({ value, label: SCOUTING_CATEGORY_LABELS[value] }));
const SEVERITY_OPTIONS = SCOUTING_SEVERITIES.map((value) => ({ value, label: SCOUTING_SEVERITY_LABELS[value] }));
const requiredDay = (value: string | undefined) => (value ? undefined : 'Enter the day you saw it.');

/** The note form: category, severity, words, camera photos, the day seen and a follow-up. */
function NoteForm({
  draft,
  farmId,
  canAssign,
  onDone,
}: {
  draft: Draft;
  farmId: string;
  canAssign: boolean;
  onDone(saved: boolean): void;
}) {
  const api = useScoutingApi();
  const fields = useFarmFields();
  const people = usePeople(api, farmId, canAssign);
  const [initialValues] = useState<NoteValues>(() => ({
    category: 'weeds',
    severity: 'moderate',
    text: '',
    observed: localToday(),
    assignee: '',
    due: '',
  }));
  const [photos, setPhotos] = useState<PhotoInput[]>([]);
  const [resizing, setResizing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // A pin's field, or the field holding the middle of a drawn area.
  const fieldId = useMemo(
    () =>
      fieldAt(
        fields.map((field) => ({ id: field.id, geometry: field.geometry })),
        noteAnchor(draft.geometry),
      ),
    [fields, draft.geometry],
  );
  const fieldName = fields.find((field) => field.id === fieldId)?.properties.field_name ?? null;
  const index = useIndexReading(draft.geometry.type === 'Point' ? draft.geometry.coordinates : null, fieldId);
  const peopleOptions = (people.data ?? []).map((person) => ({ value: person.account_id, label: person.name }));

  const addPhotos = async (files: FileList | null) => {
    if (!files) return;
    setResizing(true);
    setProblem(null);
    try {
      const resized = await Promise.all([...files].map((file) => resizePhoto(file)));
      setPhotos((current) => [...current, ...resized].slice(0, 10));
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setResizing(false);
    }
  };

  const submit = async (values: NoteValues) => {
    setProblem(null);
    try {
      await queueNote(
        scoutingOutbox(),
        farmId,
        {
          field_id: fieldId,
          geometry: draft.geometry,
          location_source: draft.source,
          accuracy_m: draft.accuracy,
          category: values.category,
          severity: values.severity,
          text: values.text ?? '',
          observed_on: values.observed,
          index_reading: index.reading,
          follow_up: values.assignee ? { assignee_id: values.assignee, due_date: values.due || null } : null,
        },
        photos,
      );
      onDone(true);
    } catch (error) {
      setProblem(errorMessage(error, 'This note could not be kept on this device. Try again.'));
    }
  };

  return (
    <Form<NoteValues> onSubmit={submit} initialValues={initialValues}>
      {({ handleSubmit, submitting, values }) => (
        <form className={styles.form} onSubmit={handleSubmit} aria-label="New scouting note" noValidate>
          <h3 className={styles.title}>New note</h3>
          <p className={styles.muted}>
            {draft.source === 'gps'
              ? `Your position, within ${Math.round(draft.accuracy ?? 0)} m`
              : draft.source === 'placed'
                ? 'Placed on the map'
                : 'Drawn area'}
            {fieldName ? ` in ${fieldName}` : ''}
          </p>
          {index.reading ? (
            <p className={styles.reading} aria-label="Index value here">
              {readingLine(index.reading)}
            </p>
          ) : index.pending ? (
            <p className={styles.muted}>Reading the index here…</p>
          ) : null}
          <SelectField name="category" label="Category" options={CATEGORY_OPTIONS} />
          <RadioGroupField name="severity" legend="Severity" options={SEVERITY_OPTIONS} />
          <TextAreaField name="text" label="What you saw" rows={3} maxLength={4000} />
          <TextField name="observed" label="Seen on" type="date" max={localToday()} validate={requiredDay} />
          <label className={controlStyles.field}>
            <span className={controlStyles.label}>Photos</span>
            <input
              type="file"
              accept="image/*"
              capture="environment"
              multiple
              onChange={(event) => void addPhotos(event.target.files)}
            />
          </label>
          {photos.length > 0 && (
            <p className={styles.muted}>
              {photos.length === 1 ? '1 photo' : `${photos.length} photos`} ready (
              {formatFileSize(photos.reduce((sum, photo) => sum + photo.bytes.byteLength, 0))})
            </p>
          )}
          {canAssign && (
            <div className={styles.row}>
              <SelectField
                name="assignee"
                label="Follow-up by"
                placeholder="No follow-up"
                options={peopleOptions}
                required={false}
              />
              {values.assignee && <TextField name="due" label="Due" type="date" required={false} />}
            </div>
          )}
          <FormError message={problem} />
          <div className={styles.row}>
            <Button type="submit" disabled={submitting || resizing}>
              Save note
            </Button>
            <Button variant="secondary" onClick={() => onDone(false)} disabled={submitting}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </Form>
  );
}

function QueuedItem({ item, onChanged }: { item: QueuedView; onChanged(): void }) {
  const note = item.body.note;
  return (
    <li className={styles.item} data-state={item.state}>
      <span className={styles.dot} style={{ background: SEVERITY_COLOURS[note.severity] }} aria-hidden />
      <div>
        <strong>{SCOUTING_CATEGORY_LABELS[note.category]}</strong> {formatDate(note.observed_on)}
        <div className={styles.muted}>
          {item.state === 'failed'
            ? `Not sent: ${item.error ?? 'refused'}`
            : item.photoCount > 0
              ? `Waiting to send, with ${item.photoCount === 1 ? '1 photo' : `${item.photoCount} photos`}`
              : 'Waiting to send'}
        </div>
        {item.state === 'failed' && (
          <div className={styles.row}>
            <Button variant="secondary" onClick={() => void retryNote(scoutingOutbox(), item.key).then(onChanged)}>
              Retry
            </Button>
            <Button variant="secondary" onClick={() => void discardNote(scoutingOutbox(), item.key)}>
              Discard
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

function NoteItem({ note, focused }: { note: ScoutingNote; focused: boolean }) {
  const content = note.note;
  const photos = note.photos.filter((photo) => photo.complete).length;
  return (
    <li className={styles.item} data-focused={focused || undefined} aria-current={focused || undefined}>
      <span className={styles.dot} style={{ background: SEVERITY_COLOURS[content.severity] }} aria-hidden />
      <div>
        <strong>{SCOUTING_CATEGORY_LABELS[content.category]}</strong> (
        {SCOUTING_SEVERITY_LABELS[content.severity].toLowerCase()}) {formatDate(content.observed_on)}
        {content.text && <div>{content.text}</div>}
        <div className={styles.muted}>
          {[
            note.author_name,
            content.index_reading ? readingLine(content.index_reading) : null,
            photos > 0 ? (photos === 1 ? '1 photo' : `${photos} photos`) : null,
            content.follow_up ? (content.follow_up.done ? 'Follow-up done' : 'Follow-up open') : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </div>
      </div>
    </li>
  );
}

export const SCOUTING_PANEL_ID = 'scouting-panel';

/** The map control that opens the scouting panel; its name counts the notes waiting for signal. */
export function ScoutingButton({ open, onToggle }: { open: boolean; onToggle(): void }) {
  const farmId = useMapStore((s) => s.farmId ?? '');
  const waiting = useQueued(scoutingOutbox(), farmId).length;
  return (
    <ControlGroup>
      <ControlButton
        icon="pin"
        label={waiting > 0 ? `Scouting (${waiting} waiting)` : 'Scouting'}
        onPress={onToggle}
        expands={{ open, panelId: SCOUTING_PANEL_ID }}
        badge={waiting}
      />
    </ControlGroup>
  );
}

/**
 * Scouting on the farm map (issue 31): add a note from the phone's GPS or placed on the map, the
 * outbox of notes waiting for signal (with retry), the farm's notes filtered by category and days,
 * on the map and in a list, and the reports (CSV, KML, PDF with photos and a map).
 */
export function ScoutingPanel({
  open,
  onClose,
  loadPageParts,
}: {
  open: boolean;
  onClose(): void;
  /** Fetches the page's lazily loaded code, so a farm kept offline opens whole. */
  loadPageParts(): Promise<unknown>;
}) {
  const { bus } = useMapArea();
  const handle = useOlMap();
  const farm = useFarm();
  const fields = useFarmFields();
  const canEdit = useMapStore((s) => s.access.edit);
  const farmId = farm?.id ?? '';
  const api = useScoutingApi();
  const outbox = scoutingOutbox();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [placing, setPlacing] = useState(false);
  const [drawing, setDrawing] = useState(false);
  const [drawProblem, setDrawProblem] = useState<string | null>(null);
  const sketch = useRef<AreaSketch | null>(null);
  const [filters, setFilters] = useState<NoteFilters>(ALL_NOTES);
  const queued = useQueued(outbox, farmId);
  const { status, sync } = useSync(outbox, api, farmId);
  const notes = useNotes(api, farmId, filters);
  const layer = useRef<ReturnType<typeof createNotesLayer> | null>(null);
  const location = useLocation();
  const linkedNote = useMemo(() => new URLSearchParams(location.search).get(SCOUTING_NOTE_PARAM), [location.search]);
  const focusedOnce = useRef<string | null>(null);

  useEffect(() => {
    if (!handle) return;
    layer.current = createNotesLayer(handle.map);
    return () => {
      layer.current?.remove();
      layer.current = null;
    };
  }, [handle]);
  useEffect(() => {
    layer.current?.show([
      ...(notes.data ?? []).map((note) => ({
        id: note.id,
        geometry: note.note.geometry,
        severity: note.note.severity,
        waiting: false,
      })),
      ...queued.map((item) => ({
        id: item.key,
        geometry: item.body.note.geometry as ScoutingGeometry,
        severity: item.body.note.severity,
        waiting: true,
      })),
    ]);
  }, [notes.data, queued, handle]);

  // A follow-up's link: bring its note into view once it is loaded.
  useEffect(() => {
    if (!handle || !linkedNote || focusedOnce.current === linkedNote) return;
    const note = notes.data?.find((item) => item.id === linkedNote);
    if (!note) return;
    focusedOnce.current = linkedNote;
    focusNote(handle.map, note.note.geometry);
  }, [handle, linkedNote, notes.data]);

  useEffect(() => {
    if (!placing || !handle) return;
    return nextMapClick(handle.map, ([lon, lat]) => {
      setPlacing(false);
      setDraft({ geometry: { type: 'Point', coordinates: [lon, lat] }, source: 'placed', accuracy: null });
    });
  }, [placing, handle]);

  useEffect(() => {
    if (!drawing || !handle) return;
    const current = drawArea(
      handle.map,
      (area) => {
        setDrawing(false);
        setDraft({ geometry: area, source: 'drawn', accuracy: null });
      },
      () => setDrawProblem(AREA_TOO_SMALL),
    );
    sketch.current = current;
    return () => {
      current.stop();
      sketch.current = null;
    };
  }, [drawing, handle]);

  const fromGps = async () => {
    try {
      const { lon, lat, accuracy } = await currentPosition();
      setDraft({ geometry: { type: 'Point', coordinates: [lon, lat] }, source: 'gps', accuracy });
    } catch (error) {
      bus.toast('error', errorMessage(error, GPS_FAILED));
    }
  };

  const download = async (format: 'csv' | 'kml') => {
    try {
      const blob = await api.report(farmId, format, { from: filters.from || undefined, to: filters.to || undefined });
      downloadBlob(blob, `${(farm?.properties.farm_name ?? 'farm').replace(/[^\w-]+/g, '_')}-scouting.${format}`);
    } catch (error) {
      bus.toast('error', errorMessage(error, 'The report could not be made. Try again.'));
    }
  };

  const downloadPdf = async () => {
    try {
      const list = notes.data ?? [];
      const reportNotes: ReportNote[] = [];
      for (const note of list) {
        const photos = [];
        for (const photo of note.photos.filter(
          (item) => item.complete && (item.content_type === 'image/jpeg' || item.content_type === 'image/png'),
        )) {
          const blob = await api.photo(photo.id);
          const bitmap = await createImageBitmap(blob);
          photos.push({
            bytes: new Uint8Array(await blob.arrayBuffer()),
            format: photo.content_type === 'image/png' ? ('PNG' as const) : ('JPEG' as const),
            width: bitmap.width,
            height: bitmap.height,
          });
          bitmap.close();
        }
        reportNotes.push({
          content: note.note,
          fieldName: fields.find((field) => field.id === note.note.field_id)?.properties.field_name ?? null,
          authorName: note.author_name,
          followUpName: null,
          photos,
        });
      }
      // jsPDF (some 350 KB) is loaded when a report is asked for, not with every map.
      const { buildScoutingPdf, scoutingPdfName } = await import('./reportPdf');
      const doc = buildScoutingPdf({
        farmName: farm?.properties.farm_name ?? 'Farm',
        from: filters.from || null,
        to: filters.to || null,
        fields: fields.map((field) => ({ name: field.properties.field_name, geometry: field.geometry })),
        notes: reportNotes,
      });
      downloadBlob(
        doc.output('blob'),
        scoutingPdfName(farm?.properties.farm_name ?? 'farm', filters.from || null, filters.to || null),
      );
    } catch (error) {
      bus.toast('error', errorMessage(error, 'The report could not be made. Try again.'));
    }
  };

  const sent = queued.reduce((sum, item) => sum + item.photoSent, 0);
  const total = queued.reduce((sum, item) => sum + item.photoBytes, 0);

  if (!farm) return null;
  return (
    <>
      {open && (
        <section id={SCOUTING_PANEL_ID} className={styles.panel} aria-label="Scouting notes">
          <header className={styles.header}>
            <h2 className={styles.title}>Scouting notes</h2>
            <button type="button" className={styles.close} aria-label="Close scouting" onClick={onClose}>
              ×
            </button>
          </header>
          {draft ? (
            <NoteForm
              draft={draft}
              farmId={farmId}
              canAssign={canEdit}
              onDone={(saved) => {
                setDraft(null);
                if (saved) {
                  bus.toast(
                    'success',
                    navigator.onLine ? 'Note saved' : 'Note saved on this device. It sends when you have signal.',
                  );
                  void sync();
                }
              }}
            />
          ) : placing ? (
            // Folded to one line while placing, so the map is there to tap (the panel is a sheet on a phone).
            <div className={styles.row}>
              <p className={styles.muted} role="status">
                Tap the map where the note goes.
              </p>
              <Button variant="secondary" onClick={() => setPlacing(false)}>
                Cancel
              </Button>
            </div>
          ) : drawing ? (
            // Folded too while drawing an area, with the field drawing's Undo corner, Cancel and Done.
            <div className={styles.folded} role="region" aria-label="Drawing an area">
              <p className={styles.muted} role="status">
                {drawProblem ?? AREA_HINTS[touchFirst() ? 'touch' : 'mouse']}
              </p>
              <div className={styles.row}>
                <Button variant="secondary" onClick={() => sketch.current?.undoCorner()}>
                  Undo corner
                </Button>
                <Button variant="secondary" onClick={() => setDrawing(false)}>
                  Cancel
                </Button>
                <Button onClick={() => sketch.current?.finish()}>Done</Button>
              </div>
            </div>
          ) : (
            <>
              {canEdit && (
                <div className={styles.row}>
                  <Button onClick={() => void fromGps()}>Add note here</Button>
                  <Button variant="secondary" onClick={() => setPlacing(true)}>
                    Place on map
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setDrawProblem(null);
                      setDrawing(true);
                    }}
                  >
                    Draw an area
                  </Button>
                </div>
              )}
              <OfflineFarm farmId={farmId} loadPageParts={loadPageParts} />
              <p className={styles.muted} role="status">
                {status === 'sending' ? <Spinner label="Sending" /> : null}
                {waitingLine(queued.length, status, sent, total)}
              </p>
              {queued.length > 0 && (
                <ul className={styles.list} aria-label="Waiting to send">
                  {queued.map((item) => (
                    <QueuedItem key={item.key} item={item} onChanged={() => void sync()} />
                  ))}
                </ul>
              )}
              <div className={styles.filters}>
                <PlainSelect
                  label="Category"
                  value={filters.categories[0] ?? ''}
                  onChange={(value) => setFilters({ ...filters, categories: value ? [value as ScoutingCategory] : [] })}
                >
                  <option value="">All categories</option>
                  <Options values={SCOUTING_CATEGORIES} label={(value) => SCOUTING_CATEGORY_LABELS[value]} />
                </PlainSelect>
                <label className={controlStyles.field}>
                  <span className={controlStyles.label}>From</span>
                  <input
                    type="date"
                    className={controlStyles.input}
                    value={filters.from}
                    onChange={(event) => setFilters({ ...filters, from: event.target.value })}
                  />
                </label>
                <label className={controlStyles.field}>
                  <span className={controlStyles.label}>To</span>
                  <input
                    type="date"
                    className={controlStyles.input}
                    value={filters.to}
                    onChange={(event) => setFilters({ ...filters, to: event.target.value })}
                  />
                </label>
              </div>
              {notes.isPending ? (
                <Spinner label="Loading notes" />
              ) : notes.isError ? (
                <ErrorState
                  title="Notes could not be loaded"
                  message={errorMessage(notes.error)}
                  onRetry={() => void notes.refetch()}
                />
              ) : notes.data.length === 0 ? (
                <EmptyState title="No notes yet" message="Notes you add here show on the map and in this list." />
              ) : (
                <ul className={styles.list} aria-label="Notes">
                  {notes.data.map((note) => (
                    <NoteItem key={note.id} note={note} focused={note.id === linkedNote} />
                  ))}
                </ul>
              )}
              <div className={styles.row}>
                <Button variant="secondary" onClick={() => void download('csv')}>
                  CSV
                </Button>
                <Button variant="secondary" onClick={() => void download('kml')}>
                  KML
                </Button>
                <Button variant="secondary" onClick={() => void downloadPdf()} disabled={!notes.data}>
                  PDF report
                </Button>
              </div>
            </>
          )}
        </section>
      )}
    </>
  );
}
