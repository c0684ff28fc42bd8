import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '@paddock/shared/api-client';
import { addressFromContact, orderAddressFields, paths, purchaserContact } from '@paddock/shared/contracts';
import { queryKeys, useAction, useQuery } from '@paddock/shared/query';
import { Button, ErrorState, LoadingState, goTo } from '@paddock/shared/ui';
import type { OrderCreatePayload, OrderPaymentMethod, Product } from '@paddock/shared/contracts';
import { useCommerce } from '../../context';
import {
  ORDER_MESSAGES,
  checkDates,
  defaultCapture,
  earliestEnd,
  earliestStart,
  fixedRange,
  formatOrderDate,
  isFixedRangeProduct,
  minimumMonthsOf,
  todayIso,
} from '../../orders/rules';
import { ConfirmStep, Priced, quoteArithmetic } from './ConfirmStep';
import { DatesStep, type DateChoice } from './DatesStep';
import { FarmPickerModal } from './FarmPickerModal';
import { FarmsStep } from './FarmsStep';
import { PaymentInfoStep, type OrderContactValues } from './PaymentInfoStep';
import { ProductStep } from './ProductStep';
import { nextStep, wizardSteps, type FarmChoice, type WizardStep } from './wizard';
import styles from './ImageryOrder.module.css';
import layout from '../../components/layout/layout.module.css';

function Sidebar({ step, product }: { step: WizardStep; product: Product | null }) {
  const current = wizardSteps.findIndex((candidate) => candidate.id === step);
  const skipDates = isFixedRangeProduct(product);
  return (
    <ol className={styles.sidebar} aria-label="Order progress">
      {wizardSteps.map((candidate, index) => {
        const skipped = skipDates && candidate.id === 'selectDateRange';
        return (
          <li
            key={candidate.id}
            className={[styles.sidebarItem, index < current ? styles.done : '', skipped ? styles.skipped : '']
              .filter(Boolean)
              .join(' ')}
            aria-current={index === current ? 'step' : undefined}
          >
            <span className={styles.stepNumber} aria-hidden="true">
              {index < current ? '✓' : index + 1}
            </span>
            <span className={styles.sidebarLabel}>
              {candidate.label}
              {index < current && <span className={styles.visuallyHidden}> (done)</span>}
              {skipped && <span className={styles.visuallyHidden}> (not needed for this product)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** Spec 3 §2.8: /order/high-resolution-imagery, the five-step order wizard. */
export function ImageryOrderPage() {
  const { ordersApi, cartApi, basename, config } = useCommerce();
  const navigate = useNavigate();
  const [today] = useState(todayIso);
  const [step, setStep] = useState<WizardStep>('selectFarmAndFields');
  const [farms, setFarms] = useState<FarmChoice[]>([]);
  const [picking, setPicking] = useState(false);
  const [productId, setProductId] = useState<string | null>(null);
  const [captures, setCaptures] = useState<number | null>(null);
  const [range, setRange] = useState<DateChoice>({ start: null, end: null });
  const [problem, setProblem] = useState<string | null>(null);

  const products = useQuery({ queryKey: queryKeys.products.list(), queryFn: () => ordersApi.products() });
  const profile = useQuery({ queryKey: queryKeys.account.profile(), queryFn: () => cartApi.getProfile() });
  const contact = useQuery({
    queryKey: queryKeys.account.contactDetails(),
    queryFn: () => cartApi.getContactDetails(),
  });

  const product = products.data?.find((candidate) => candidate.id === productId) ?? null;
  const capture = product?.config.captures.find((entry) => entry.number_of_captures === captures);
  const minimumMonths = minimumMonthsOf(capture);
  const fieldIds = farms.flatMap((choice) => choice.fields.map((field) => field.id));
  const effectiveRange = (product && fixedRange(product, today)) || range;

  const quoteParams = { product_id: productId ?? '', field_ids: fieldIds, number_of_captures: captures ?? 0 };
  const quote = useQuery({
    queryKey: queryKeys.orders.quote(quoteParams),
    queryFn: () => ordersApi.quote(quoteParams),
    enabled: (step === 'orderConfirmation' || step === 'paymentInformation') && !!productId && fieldIds.length > 0,
  });

  // The server prices (GST for Australian accounts included); the client never computes a price.
  const subtotal = quote.data?.order_pricing.subtotal ?? 0;
  const gst = quote.data?.gst ?? 0;

  const create = useAction<{ values: OrderContactValues; method: OrderPaymentMethod }, { id: string; status: string }>({
    run: async ({ values, method }) => {
      const payload: OrderCreatePayload = {
        product_id: productId ?? '',
        start_capture_date: effectiveRange.start ?? '',
        end_capture_date: effectiveRange.end ?? '',
        total_product_unit: quote.data?.total_product_unit ?? 0,
        order_subtotal: subtotal,
        gst,
        order_total: quote.data?.order_total ?? subtotal + gst,
        first_name: values.firstName.trim(),
        last_name: values.lastName.trim(),
        email: values.email.trim(),
        ...(values.company?.trim() ? { company: values.company.trim() } : {}),
        ...orderAddressFields(values.address),
        field_ids: fieldIds,
        number_of_captures: captures ?? 0,
        payment_method: method,
      };
      const created = await ordersApi.create(payload);
      // Kept for the next purchase once the order is priced and placed (the profile's country must
      // not re-price it); a failure here never stops the order.
      if (values.saveDetails) {
        const details = {
          ...purchaserContact({
            firstName: values.firstName,
            lastName: values.lastName,
            company: values.company,
            address: values.address,
          }),
          email: values.email.trim() || undefined,
        };
        await cartApi.saveContactDetails(details, Boolean(contact.data)).catch(() => undefined);
      }
      return created;
    },
    failure: ORDER_MESSAGES.notCreated,
    success: (_, { method }) => (method === 'invoice' ? ORDER_MESSAGES.placed : null),
    invalidates: [queryKeys.orders.all, queryKeys.account.all],
    // A card order goes to its payment; an invoice (or free) order is submitted.
    onSuccess: ({ id }, { method }) =>
      navigate(method === 'invoice' ? paths.orderReview(id, 'success') : paths.pay(id), { replace: true }),
  });

  const initialContact = useMemo<OrderContactValues>(() => {
    const account = profile.data?.account;
    const saved = contact.data;
    return {
      firstName: saved?.first_name ?? account?.first_name ?? '',
      lastName: saved?.last_name ?? account?.last_name ?? '',
      email: saved?.email ?? account?.email ?? '',
      company: saved?.company ?? '',
      address: addressFromContact(saved, account?.country ?? 'AU'),
      terms: false,
      saveDetails: true,
    };
  }, [profile.data, contact.data]);

  /** The current step's rule (spec 3 §5); null when the user may go on. */
  const check = (): string | null => {
    if (step === 'selectFarmAndFields') {
      if (farms.length === 0) return ORDER_MESSAGES.noFarms;
      if (fieldIds.length === 0) return ORDER_MESSAGES.noFields;
      const empty = farms.find((choice) => choice.fields.length === 0);
      if (empty) return ORDER_MESSAGES.fieldsOnFarm(empty.farm.farm_name);
    }
    if (step === 'selectProduct' && !product) return ORDER_MESSAGES.noProduct;
    if (step === 'selectDateRange') {
      const outcome = checkDates(range, minimumMonths, today);
      if (outcome === 'noDates') return ORDER_MESSAGES.noDates;
      if (outcome === 'startTooSoon') return ORDER_MESSAGES.startTooSoon(formatOrderDate(earliestStart(today)));
      if (outcome === 'endTooSoon')
        return ORDER_MESSAGES.endTooSoon(formatOrderDate(earliestEnd(range.start ?? today, minimumMonths)));
    }
    if (step === 'orderConfirmation' && fieldIds.length === 0) return ORDER_MESSAGES.cartEmpty;
    return null;
  };

  const go = (direction: 1 | -1) => {
    if (direction === 1) {
      const message = check();
      setProblem(message);
      if (message) return;
    } else setProblem(null);
    setStep(nextStep(step, product, direction));
  };

  const loading = products.isPending || profile.isPending || contact.isPending;
  const failed = products.isError || profile.isError;

  return (
    <div className={layout.page}>
      <header className={styles.top}>
        <h1 className={styles.title}>High Resolution Ordering</h1>
        <Button variant="secondary" onClick={() => goTo(basename, paths.dashboard)}>
          Exit to dashboard
        </Button>
      </header>
      {loading ? (
        <LoadingState label="Loading the products" />
      ) : failed ? (
        <ErrorState
          title="The order form could not be loaded"
          message={errorMessage(products.error ?? profile.error)}
          onRetry={() => {
            void products.refetch();
            void profile.refetch();
          }}
        />
      ) : (
        <div className={styles.layout}>
          <Sidebar step={step} product={product} />
          <div className={styles.content}>
            {step === 'selectFarmAndFields' && (
              <FarmsStep
                farms={farms}
                onPickFarm={() => setPicking(true)}
                onRemove={(farmId) => setFarms(farms.filter((choice) => choice.farm.farm_id !== farmId))}
                onFields={(farmId, fields) => {
                  setProblem(null);
                  setFarms(farms.map((choice) => (choice.farm.farm_id === farmId ? { ...choice, fields } : choice)));
                }}
              />
            )}
            {step === 'selectProduct' && (
              <ProductStep
                products={products.data ?? []}
                productId={productId}
                captures={captures}
                onProduct={(next) => {
                  setProblem(null);
                  setProductId(next.id);
                  setCaptures(defaultCapture(next)?.number_of_captures ?? null);
                  // Choosing a product resets the dates (spec 3 §4).
                  setRange({ start: null, end: null });
                }}
                onCaptures={(count) => {
                  setCaptures(count);
                  setRange({ start: null, end: null });
                }}
              />
            )}
            {step === 'selectDateRange' && (
              <DatesStep
                range={range}
                minimumMonths={minimumMonths}
                today={today}
                onRange={(next) => {
                  setProblem(null);
                  setRange(next);
                }}
              />
            )}
            {step === 'orderConfirmation' && product && effectiveRange.start && effectiveRange.end && (
              <ConfirmStep
                farms={farms}
                product={product}
                captures={captures ?? 0}
                range={{ start: effectiveRange.start, end: effectiveRange.end }}
                quote={quote}
              />
            )}
            {step === 'paymentInformation' && (
              <Priced quote={quote}>
                {(priced) => (
                  <PaymentInfoStep
                    initialValues={initialContact}
                    subtotal={subtotal}
                    gst={gst}
                    arithmetic={quoteArithmetic(priced)}
                    invoiceAllowed={profile.data?.payments.includes('invoice') ?? false}
                    supportEmail={config.supportEmail}
                    busy={create.busy}
                    onBack={() => go(-1)}
                    onSubmit={(values, method) => {
                      if (fieldIds.length === 0) {
                        setProblem(ORDER_MESSAGES.cartEmpty);
                        return;
                      }
                      void create.trigger({ values, method });
                    }}
                  />
                )}
              </Priced>
            )}
            {problem && (
              <p className={styles.alert} role="alert">
                {problem}
              </p>
            )}
            {step !== 'paymentInformation' && (
              <div className={styles.actions}>
                {step === 'selectFarmAndFields' && farms.length > 0 && (
                  <Button variant="secondary" onClick={() => setPicking(true)}>
                    Include Another Farm
                  </Button>
                )}
                <div className={styles.actionsRight}>
                  {step !== 'selectFarmAndFields' && (
                    <Button variant="secondary" onClick={() => go(-1)}>
                      Previous
                    </Button>
                  )}
                  <Button onClick={() => go(1)}>Next</Button>
                </div>
              </div>
            )}
          </div>
        </div>
      )}
      <FarmPickerModal
        isOpen={picking}
        chosen={farms.map((choice) => choice.farm.farm_id)}
        onClose={() => setPicking(false)}
        onPick={(farm) => {
          setPicking(false);
          setProblem(null);
          setFarms([...farms, { farm, fields: [] }]);
        }}
      />
    </div>
  );
}
