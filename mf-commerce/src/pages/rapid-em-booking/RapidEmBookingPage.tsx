import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { ApiError, errorMessage } from '@paddock/shared/api-client';
import { paths, type OrdersNavState } from '@paddock/shared/contracts';
import { formatAud } from '@paddock/shared/format';
import { queryKeys, useQuery, useQueryClient } from '@paddock/shared/query';
import { Button, ErrorState, LoadingState, goTo } from '@paddock/shared/ui';
import { useCommerce } from '../../context';
import { DocumentButton, usePurchaseDocuments } from '../../components/documents/PurchaseDocuments';
import { usePaymentsClient } from '../checkout/usePaymentsClient';
import { BookStep, type DateRange } from './BookStep';
import { PaymentStep } from './PaymentStep';
import { ReviewStep, type BookingPrice } from './ReviewStep';
import { BOOKING_MESSAGES } from './rules';
import styles from './RapidEmBooking.module.css';

const STEPS = ['Book', 'Review', 'Payment'] as const;

function Stepper({ current }: { current: number }) {
  return (
    <ol className={styles.stepper} aria-label="Booking steps">
      {STEPS.map((label, index) => (
        <li
          key={label}
          className={[styles.stepperItem, index === current ? styles.current : '', index < current ? styles.done : '']
            .filter(Boolean)
            .join(' ')}
          aria-current={index === current ? 'step' : undefined}
        >
          <span className={styles.stepNumber}>{index + 1}</span> {label}
        </li>
      ))}
    </ol>
  );
}

/** The booking is paid: what happens next, and its Tax Receipt (the payment is in the address). */
function SuccessScreen() {
  const { basename } = useCommerce();
  const navigate = useNavigate();
  const location = useLocation();
  const paymentId = new URLSearchParams(location.search).get('payment');
  const documents = usePurchaseDocuments(paymentId, paymentId !== null);
  const bookingsTab: OrdersNavState = { tab: 'bookings' };
  return (
    <div className={styles.success} role="status">
      <h1 className={styles.successTitle}>{BOOKING_MESSAGES.success}</h1>
      <p>We will be in touch about delivery. Your booking is listed under Orders, in Rapid-EM Bookings.</p>
      <div className={styles.actions}>
        {paymentId && <DocumentButton documents={documents.data ?? []} fallbackTitle="Tax Receipt" />}
        <Button variant="secondary" onClick={() => navigate(paths.orders, { state: bookingsTab })}>
          View my bookings
        </Button>
        <Button onClick={() => goTo(basename, paths.dashboard)}>Back to Dashboard</Button>
      </div>
    </div>
  );
}

/** Spec 3 §2.11: /rapid-em-booking (the 3-step booking) and /rapid-em-booking/success. */
export function RapidEmBookingPage() {
  const { status } = useParams();
  if (status === 'success') return <SuccessScreen />;
  return <BookingFlow />;
}

function BookingFlow() {
  const { bookingsApi, cartApi, bus, basename, config } = useCommerce();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [machineId, setMachineId] = useState('');
  const [range, setRange] = useState<DateRange | null>(null);
  const [reservationId, setReservationId] = useState<string | null>(null);
  const [reserving, setReserving] = useState(false);

  const machines = useQuery({ queryKey: queryKeys.bookings.machines(), queryFn: () => bookingsApi.machines() });
  const price = useQuery({ queryKey: queryKeys.bookings.price(), queryFn: () => bookingsApi.price() });
  const contact = useQuery({
    queryKey: queryKeys.account.contactDetails(),
    queryFn: () => cartApi.getContactDetails(),
  });
  const { client, failed: clientFailed } = usePaymentsClient();

  const firstMachine = machines.data?.[0]?.machine_id;
  const chosen = machineId || firstMachine || '';
  const reloadMachines = () => queryClient.invalidateQueries({ queryKey: queryKeys.bookings.machines() });
  const succeed = (paymentId: string) =>
    navigate(
      `${paths.rapidEmBooking('success')}${paymentId ? `?${new URLSearchParams({ payment: paymentId })}` : ''}`,
      {
        replace: true,
      },
    );

  // Back from the card's 3-D Secure page: the payment step resumes (the shared card flow reads the intent).
  const search = new URLSearchParams(location.search);
  const returnedSecret = search.get('payment_intent_client_secret');
  const returned = returnedSecret ? { clientSecret: returnedSecret, paymentId: search.get('payment') ?? '' } : null;

  const reserve = async () => {
    if (!range || !chosen) return;
    setReserving(true);
    try {
      const answer = await bookingsApi.reserve(chosen, range.start, range.end);
      setReservationId(answer.reservation_id);
      setStep(1);
    } catch (error) {
      bus.toast('error', errorMessage(error, 'Your dates could not be reserved. Please try again.'));
      if (error instanceof ApiError && error.status === 409) {
        setRange(null);
        await reloadMachines();
      }
    } finally {
      setReserving(false);
    }
  };

  const loading = machines.isPending || price.isPending || contact.isPending;
  const failed = machines.isError || price.isError;
  // Every Rapid-EM booking is supplied in Australia, so it carries GST whatever the profile's country
  // (the server charges it on every booking).
  const showGst = true;
  const bookingPrice: BookingPrice | null = price.data
    ? (() => {
        const subtotal = price.data.minimum_fee;
        const gst = Math.round((subtotal * price.data.tax_rate) / 100);
        return { subtotal, gst, total: subtotal + gst, showGst };
      })()
    : null;

  return (
    <div className={styles.page}>
      <header className={styles.top}>
        <button
          type="button"
          className={styles.back}
          onClick={() => goTo(basename, paths.farms)}
          aria-label="Back to farms"
        >
          ←
        </button>
        <h1 className={styles.title}>Rapid-EM Booking</h1>
      </header>
      <Stepper current={returned ? 2 : step} />
      <aside className={styles.note} role="note">
        Booking from outside Australia? Contact us at{' '}
        <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>.
      </aside>
      {bookingPrice && (
        <section className={styles.fee} aria-label="Fees">
          <p>
            <strong>Upfront hire fee: {formatAud(bookingPrice.subtotal)}</strong>
            {showGst ? ' + GST' : ''}
          </p>
          <p className={styles.muted}>
            The Rapid-EM service is charged at $4/ha plus freight. For example, a processing fee of $1,000 is 200 ha at
            $4 ($800) plus $200 freight. The upfront hire fee is deducted from it.
          </p>
        </section>
      )}

      {loading ? (
        <LoadingState label="Loading the machines" />
      ) : failed ? (
        <ErrorState
          title="The machines could not be loaded"
          message={errorMessage(machines.error ?? price.error)}
          onRetry={() => {
            void machines.refetch();
            void price.refetch();
          }}
        />
      ) : returned && bookingPrice ? (
        <PaymentStep
          reservationId=""
          total={bookingPrice.total}
          contact={contact.data ?? null}
          client={client}
          clientFailed={clientFailed}
          onBack={() => navigate(paths.rapidEmBooking(), { replace: true })}
          onPaid={succeed}
          returned={returned}
          onReturnDeclined={() => navigate(paths.rapidEmBooking(), { replace: true })}
        />
      ) : step === 0 ? (
        <BookStep
          machines={machines.data ?? []}
          machineId={chosen}
          onMachine={setMachineId}
          range={range}
          onRange={setRange}
          busy={reserving}
          onNext={() => void reserve()}
        />
      ) : step === 1 && range && bookingPrice ? (
        <ReviewStep
          machine={machines.data?.find((machine) => machine.machine_id === chosen)}
          range={range}
          price={bookingPrice}
          onBack={() => {
            setStep(0);
            void reloadMachines();
          }}
          onProceed={() => setStep(2)}
        />
      ) : reservationId && bookingPrice ? (
        <PaymentStep
          reservationId={reservationId}
          total={bookingPrice.total}
          contact={contact.data ?? null}
          client={client}
          clientFailed={clientFailed}
          onBack={() => setStep(1)}
          onPaid={succeed}
        />
      ) : null}
    </div>
  );
}
