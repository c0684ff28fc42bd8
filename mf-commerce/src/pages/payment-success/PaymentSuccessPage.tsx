import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { errorMessage } from '@paddock/shared/api-client';
import { paths, type ZoningOrder } from '@paddock/shared/contracts';
import { queryKeys, useQuery, useQueryClient } from '@paddock/shared/query';
import { DocumentButton, usePurchaseDocuments } from '../../components/documents/PurchaseDocuments';
import { useCart } from '../../cart/useCart';
import { Button, downloadBlob, ErrorState, LoadingState, goTo } from '@paddock/shared/ui';
import { useCommerce } from '../../context';
import type { PaymentSuccessState } from '../checkout/useCheckout';
import styles from './PaymentSuccessPage.module.css';

const isSuccessState = (state: unknown): state is PaymentSuccessState =>
  typeof state === 'object' && state !== null && typeof (state as PaymentSuccessState).paymentId === 'string';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function ExportMenu({ order, onExport }: { order: ZoningOrder; onExport(unified: boolean): void }) {
  const files = order.fields.length;
  return (
    <MenuTrigger>
      <AriaButton className={styles.menuButton} aria-label={`Export ${order.farm_name}`}>
        Export
      </AriaButton>
      {/* React Aria's popover closes on an outside click and on Escape. */}
      <Popover className={styles.popover} placement="bottom end">
        <Menu className={styles.menu} onAction={(key) => onExport(key === 'farm')}>
          <MenuItem id="fields" className={styles.menuItem}>
            {`Individual Fields (${files} ${files === 1 ? 'File' : 'Files'})`}
          </MenuItem>
          <MenuItem id="farm" className={styles.menuItem}>
            Entire Farm (1 File)
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/**
 * Spec 2 §2 'Payment-success': the zoning orders of this payment. A card payment's are delivered once
 * the webhook marks it paid; an invoice's at once (credit terms: the invoice stays open).
 */
export function PaymentSuccessPage() {
  const { cartApi, basename, bus, auth, config } = useCommerce();
  const location = useLocation();
  const navigate = useNavigate();
  const state = isSuccessState(location.state) ? location.state : null;

  // Spec 2 §4: without navigation state, go back.
  useEffect(() => {
    if (!state) navigate(-1);
  }, [navigate, state]);

  const orders = useQuery({
    queryKey: queryKeys.zoningOrders.ofPayment(state?.paymentId ?? ''),
    queryFn: () => cartApi.paidOrders(state?.paymentId ?? ''),
    enabled: state !== null,
    // The provider's webhook marks a card payment paid a moment after the browser heard of it.
    refetchInterval: (query) =>
      state?.method === 'card' && (query.state.data?.length ?? 0) === 0 && query.state.dataUpdateCount < 30
        ? 1000
        : false,
    meta: { errorToast: 'We could not load your orders.' },
  });

  // The webhook has emptied the cart by now: re-read it, and the nav's count follows.
  const paid = (orders.data?.length ?? 0) > 0;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (paid) void queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
  }, [paid, queryClient]);
  useCart({ enabled: paid, announce: paid });

  const documents = usePurchaseDocuments(state?.paymentId ?? null, state !== null);

  if (!state) return null;

  const download = async (order: ZoningOrder, unified: boolean) => {
    if (!order.download_key) return;
    try {
      const response = await fetch(
        `${config.apiUrl}/zoning/download/${encodeURIComponent(order.download_key)}?unified=${unified}`,
        { headers: { authorization: `Bearer ${await auth.getToken()}` } },
      );
      if (!response.ok) throw new Error('The zone files are not ready yet. Please try again in a few minutes.');
      downloadBlob(await response.blob(), `${order.farm_name}-zones${unified ? '' : '-fields'}.zip`);
    } catch (error) {
      bus.toast('error', error instanceof Error ? error.message : 'The download failed.');
    }
  };

  const waiting = state.method === 'card' && (orders.isPending || (orders.data?.length ?? 0) === 0) && !orders.isError;
  const invoice = state.method === 'invoice';
  const received = !invoice && !waiting && !orders.isError;

  return (
    <section className={styles.page}>
      {invoice && (
        <>
          <h1 className={styles.title}>Order placed!</h1>
          <p>Your invoice {state.invoiceNumber} is on its way. To be paid within 14 days.</p>
          <p className={styles.documents}>
            <DocumentButton documents={documents.data ?? []} fallbackTitle="Tax Invoice" />
          </p>
        </>
      )}
      {received && (
        <>
          <h1 className={styles.title}>Payment Received!</h1>
          <p>You can now view, share or download your zone map.</p>
          <p className={styles.documents}>
            <DocumentButton documents={documents.data ?? []} fallbackTitle="Tax Receipt" />
          </p>
        </>
      )}
      {waiting || (invoice && orders.isPending) ? (
        <LoadingState label={invoice ? 'Loading your orders' : 'Loading your paid orders'} />
      ) : orders.isError ? (
        <ErrorState
          title="Your orders could not be loaded"
          message={errorMessage(orders.error, 'We could not load your orders.')}
          onRetry={() => void orders.refetch()}
        />
      ) : (orders.data ?? []).length > 0 ? (
        <>
          {invoice && <p>Your zone maps are ready: you can view, share or download them now.</p>}
          <ul className={styles.orders}>
            {(orders.data ?? []).map((order) => (
              <li key={order.id} className={styles.order}>
                <span>
                  <strong>{order.farm_name}</strong> · {plural(order.num_zones, 'zone')} ·{' '}
                  {plural(order.fields.length, 'field')}
                </span>
                <span className={styles.actions}>
                  <a
                    className={styles.view}
                    href={`${paths.farmMap(order.farm_id)}?zone=${encodeURIComponent(order.id)}`}
                    aria-label={`View zones of ${order.farm_name}`}
                    onClick={(event) => {
                      event.preventDefault();
                      goTo(basename, `${paths.farmMap(order.farm_id)}?zone=${encodeURIComponent(order.id)}`);
                    }}
                  >
                    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                      <path
                        d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="2"
                      />
                      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
                    </svg>
                  </a>
                  <ExportMenu order={order} onExport={(unified) => void download(order, unified)} />
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Button onClick={() => goTo(basename, paths.dashboard)}>Back to dashboard page</Button>
    </section>
  );
}
