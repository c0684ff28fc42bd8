import { useState } from 'react';
import { inclusiveDays, type EmMachine } from '@paddock/shared/contracts';
import { formatAud, formatDate } from '@paddock/shared/format';
import { Button, TermsLink } from '@paddock/shared/ui';
import type { DateRange } from './BookStep';
import { BOOKING_MESSAGES } from './rules';
import styles from './RapidEmBooking.module.css';

export interface BookingPrice {
  subtotal: number;
  gst: number;
  total: number;
  /** GST is shown for Australian accounts only (spec 3 §9). */
  showGst: boolean;
}

interface ReviewStepProps {
  machine: EmMachine | undefined;
  range: DateRange;
  price: BookingPrice;
  onBack(): void;
  onProceed(): void;
}

/** Step 2: what is booked, what it costs, and the terms. */
export function ReviewStep({ machine, range, price, onBack, onProceed }: ReviewStepProps) {
  const [accepted, setAccepted] = useState(false);
  return (
    <section className={styles.step} aria-labelledby="review-step">
      <h2 id="review-step" className={styles.stepTitle}>
        Review your booking
      </h2>
      <dl className={styles.summary}>
        <dt>Machine</dt>
        <dd>{machine ? `${machine.name} (${machine.machine_id})` : ''}</dd>
        <dt>Dates</dt>
        <dd>
          {formatDate(range.start, 'short')} – {formatDate(range.end, 'short')}
        </dd>
        <dt>Days</dt>
        <dd>{inclusiveDays(range.start, range.end)}</dd>
        <dt>Upfront hire fee</dt>
        <dd>{formatAud(price.subtotal)}</dd>
        {price.showGst && (
          <>
            <dt>GST</dt>
            <dd>{formatAud(price.gst)}</dd>
          </>
        )}
        <dt className={styles.totalLabel}>Total due now</dt>
        <dd className={styles.total}>{formatAud(price.total, { prefixed: true })}</dd>
      </dl>
      <label className={styles.terms}>
        <input type="checkbox" checked={accepted} onChange={(event) => setAccepted(event.target.checked)} />
        <span>{BOOKING_MESSAGES.terms}</span>
      </label>
      <TermsLink />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onProceed} disabled={!accepted}>
          Proceed
        </Button>
      </div>
    </section>
  );
}
