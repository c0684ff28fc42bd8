import { useMemo, useState } from 'react';
import {
  Button as AriaButton,
  CalendarCell,
  CalendarGrid,
  Heading,
  RangeCalendar,
  type DateValue,
  type RangeValue,
} from 'react-aria-components';
import { getLocalTimeZone, parseDate, today, type CalendarDate } from '@internationalized/date';
import { BOOKING_MIN_DAYS, BOOKING_MIN_DAYS_MESSAGE, inclusiveDays, type EmMachine } from '@paddock/shared/contracts';
import { Button } from '@paddock/shared/ui';
import styles from './RapidEmBooking.module.css';

export interface DateRange {
  start: string;
  end: string;
}

interface BookStepProps {
  machines: EmMachine[];
  machineId: string;
  onMachine(id: string): void;
  range: DateRange | null;
  onRange(range: DateRange | null): void;
  busy: boolean;
  onNext(): void;
}

/** Step 1 (spec 3 §2.11, §4): a machine and a range of days on a two-month calendar. */
export function BookStep({ machines, machineId, onMachine, range, onRange, busy, onNext }: BookStepProps) {
  const [tooShort, setTooShort] = useState(false);
  const machine = machines.find((candidate) => candidate.machine_id === machineId);
  const reserved = useMemo(
    () =>
      (machine?.reserved_dates ?? []).map((taken) => [parseDate(taken.start_date), parseDate(taken.end_date)] as const),
    [machine],
  );
  const isUnavailable = (date: DateValue) =>
    reserved.some(([start, end]) => date.compare(start) >= 0 && date.compare(end) <= 0);
  const days = range ? inclusiveDays(range.start, range.end) : 0;
  const value: RangeValue<CalendarDate> | null = range
    ? { start: parseDate(range.start), end: parseDate(range.end) }
    : null;

  return (
    <section className={styles.step} aria-labelledby="book-step">
      <h2 id="book-step" className={styles.stepTitle}>
        Choose a machine and your dates
      </h2>
      <fieldset className={styles.machines} disabled={busy}>
        <legend className={styles.label}>Machine</legend>
        {machines.map((candidate) => (
          <label key={candidate.machine_id} className={styles.machine}>
            <input
              type="radio"
              name="machine"
              value={candidate.machine_id}
              checked={candidate.machine_id === machineId}
              onChange={() => {
                onMachine(candidate.machine_id);
                onRange(null);
                setTooShort(false);
              }}
            />
            <span>
              <strong>{candidate.name}</strong> <span className={styles.muted}>({candidate.machine_id})</span>
            </span>
          </label>
        ))}
      </fieldset>

      <RangeCalendar
        aria-label="Booking dates"
        className={styles.calendar}
        visibleDuration={{ months: 2 }}
        minValue={today(getLocalTimeZone())}
        isDateUnavailable={isUnavailable}
        isDisabled={busy || !machine}
        value={value}
        onChange={(next) => {
          setTooShort(false);
          // A range that starts and ends on the same day is cleared (spec 3 §4).
          if (!next || next.start.compare(next.end) === 0) onRange(null);
          else onRange({ start: next.start.toString(), end: next.end.toString() });
        }}
      >
        <header className={styles.calendarHeader}>
          <AriaButton slot="previous" className={styles.navButton} aria-label="Previous month">
            ‹
          </AriaButton>
          <Heading className={styles.calendarHeading} />
          <AriaButton slot="next" className={styles.navButton} aria-label="Next month">
            ›
          </AriaButton>
        </header>
        <div className={styles.months}>
          <CalendarGrid className={styles.grid}>
            {(date) => <CalendarCell date={date} className={styles.cell} />}
          </CalendarGrid>
          <CalendarGrid className={styles.grid} offset={{ months: 1 }}>
            {(date) => <CalendarCell date={date} className={styles.cell} />}
          </CalendarGrid>
        </div>
      </RangeCalendar>
      <p className={styles.muted}>Crossed-out days are already reserved; days before today cannot be booked.</p>

      <p className={styles.dayCount} aria-live="polite">
        {days > 0 ? `${days} day${days === 1 ? '' : 's'} selected` : 'No days selected'}
      </p>
      {tooShort && (
        <p className={styles.error} role="alert">
          {BOOKING_MIN_DAYS_MESSAGE}
        </p>
      )}
      <div className={styles.actions}>
        <Button
          onClick={() => {
            if (days < BOOKING_MIN_DAYS) {
              setTooShort(true);
              return;
            }
            onNext();
          }}
          disabled={days <= 0 || busy}
          aria-busy={busy || undefined}
        >
          {busy ? 'Reserving…' : 'Next'}
        </Button>
      </div>
    </section>
  );
}
