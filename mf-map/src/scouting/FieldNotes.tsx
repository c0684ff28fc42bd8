import { SCOUTING_CATEGORY_LABELS, SCOUTING_SEVERITY_LABELS } from '@paddock/shared/contracts';
import { errorMessage } from '@paddock/shared/api-client';
import { formatDate } from '@paddock/shared/format';
import { Spinner } from '@paddock/shared/ui';
import { useMapStore } from '../store';
import { SEVERITY_COLOURS } from './notesLayer';
import { ALL_NOTES, useNotes, useScoutingApi } from './useScouting';
import styles from './scouting.module.css';

/** Notes listed under a field's details; the rest are in the Scouting panel. */
const SHOWN = 8;

/**
 * A field's scouting notes in its details (issue 31): latest first, with category, severity, day
 * seen and author. Reads the farm's notes as the Scouting panel does (one query, one cache).
 */
export function FieldNotes({ fieldId }: { fieldId: string }) {
  const farmId = useMapStore((s) => s.farmId ?? '');
  const api = useScoutingApi();
  const notes = useNotes(api, farmId, ALL_NOTES);
  const mine = (notes.data ?? []).filter((note) => note.note.field_id === fieldId);
  return (
    <section className={styles.fieldNotes} aria-label="Scouting notes in this field">
      <h3 className={styles.title}>Scouting notes</h3>
      {notes.isPending ? (
        <Spinner label="Loading notes" />
      ) : notes.isError ? (
        <p className={styles.muted}>{errorMessage(notes.error, 'The notes could not be loaded.')}</p>
      ) : mine.length === 0 ? (
        <p className={styles.muted}>No notes in this field yet. Add them from the Scouting button on the map.</p>
      ) : (
        <ul className={styles.list}>
          {mine.slice(0, SHOWN).map((note) => (
            <li key={note.id} className={styles.item}>
              <span className={styles.dot} style={{ background: SEVERITY_COLOURS[note.note.severity] }} aria-hidden />
              <div>
                <strong>{SCOUTING_CATEGORY_LABELS[note.note.category]}</strong> (
                {SCOUTING_SEVERITY_LABELS[note.note.severity].toLowerCase()}) {formatDate(note.note.observed_on)}
                {note.author_name && <div className={styles.muted}>{note.author_name}</div>}
              </div>
            </li>
          ))}
        </ul>
      )}
      {mine.length > SHOWN && (
        <p className={styles.muted}>
          {mine.length - SHOWN} older {mine.length - SHOWN === 1 ? 'note' : 'notes'} in the Scouting panel.
        </p>
      )}
    </section>
  );
}
