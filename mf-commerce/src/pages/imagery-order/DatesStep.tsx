import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
} from 'react-aria-components';
import { parseDate, type CalendarDate } from '@internationalized/date';
import { ORDER_MESSAGES, earliestEnd, earliestStart, formatOrderDate } from '../../orders/rules';
import styles from './ImageryOrder.module.css';
import layout from '../../components/layout/layout.module.css';

export interface DateChoice {
  start: string | null;
  end: string | null;
}

interface DatesStepProps {
  range: DateChoice;
  minimumMonths: number;
  today: string;
  onRange(range: DateChoice): void;
}

function OrderDatePicker({
  label,
  value,
  min,
  onChange,
}: {
  label: string;
  value: string | null;
  min: string;
  onChange(value: string | null): void;
}) {
  return (
    <DatePicker<CalendarDate>
      className={styles.datePicker}
      value={value ? parseDate(value) : null}
      minValue={parseDate(min)}
      onChange={(next) => onChange(next ? next.toString() : null)}
      shouldForceLeadingZeros
    >
      <Label>{label}</Label>
      <Group className={styles.dateGroup}>
        <DateInput className={styles.dateInput}>
          {(segment) => <DateSegment segment={segment} className={styles.segment} />}
        </DateInput>
        <AriaButton className={styles.calendarButton} aria-label={`Open the calendar for the ${label.toLowerCase()}`}>
          ▾
        </AriaButton>
      </Group>
      <Popover className={styles.popover}>
        <Dialog aria-label={label}>
          <Calendar>
            <header className={styles.calendarHeader}>
              <AriaButton slot="previous" className={styles.calendarButton} aria-label="Previous month">
                ‹
              </AriaButton>
              <Heading />
              <AriaButton slot="next" className={styles.calendarButton} aria-label="Next month">
                ›
              </AriaButton>
            </header>
            <CalendarGrid>{(date) => <CalendarCell date={date} className={styles.cell} />}</CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </DatePicker>
  );
}

/**
 * Step 3 (spec 3 §5): the start at least 5 days ahead; the end at least minimum_months after the
 * start (42 days when fractional), with the note. Days outside the rules are disabled in the calendar.
 */
export function DatesStep({ range, minimumMonths, today, onRange }: DatesStepProps) {
  const firstStart = earliestStart(today);
  const firstEnd = earliestEnd(range.start && range.start >= firstStart ? range.start : firstStart, minimumMonths);
  return (
    <section className={layout.section} aria-labelledby="dates-step">
      <h2 id="dates-step" className={layout.sectionTitle}>
        Select Date Range
      </h2>
      <p className={styles.note} role="note">
        {ORDER_MESSAGES.minimumMonths(minimumMonths)}
      </p>
      <I18nProvider locale="en-AU">
        <div className={styles.dates}>
          <OrderDatePicker
            label="Start date"
            value={range.start}
            min={firstStart}
            onChange={(start) => {
              // A new start that leaves the end too early clears the end.
              const keepEnd = start && range.end && range.end >= earliestEnd(start, minimumMonths);
              onRange({ start, end: keepEnd ? range.end : null });
            }}
          />
          <OrderDatePicker
            label="End date"
            value={range.end}
            min={firstEnd}
            onChange={(end) => onRange({ ...range, end })}
          />
        </div>
      </I18nProvider>
      <p className={styles.muted}>
        Captures can start on {formatOrderDate(firstStart)} at the earliest
        {range.start ? `; with this start the range ends on ${formatOrderDate(firstEnd)} or later` : ''}.
      </p>
    </section>
  );
}
