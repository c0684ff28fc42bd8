import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { ORDERS_PAGE_SIZE, paths } from '@paddock/shared/contracts';
import { formatAud } from '@paddock/shared/format';
import { keepPreviousData, queryKeys, useQuery } from '@paddock/shared/query';
import { Button, ActionsHeader, QueryStatus } from '@paddock/shared/ui';
import type { Order } from '@paddock/shared/contracts';
import { useCommerce } from '../../context';
import {
  awaitsPayment,
  formatOrderDate,
  orderStatusLabels,
  orderSubTabs,
  payDisabled,
  paymentMethodLabel,
  type OrderSubTab,
} from '../../orders/rules';
import styles from './OrdersPage.module.css';
import { SkipPager } from './SkipPager';

/** Spec 3 §9: the order table shows 10 rows a page (the order contracts' page size). */
export const ORDER_TABLE_PAGE_SIZE = ORDERS_PAGE_SIZE;

/** Spec 3 §2.7: the imagery orders, by sub-tab, 10 a page, each with its view icon and payment state. */
export function ImageryOrdersTable() {
  const [subTab, setSubTab] = useState<OrderSubTab>('all');
  const [skip, setSkip] = useState(0);
  return (
    <Tabs
      selectedKey={subTab}
      onSelectionChange={(key: Key) => {
        const next = orderSubTabs.find((tab) => tab.id === key);
        if (next) {
          setSubTab(next.id);
          setSkip(0);
        }
      }}
    >
      <TabList aria-label="Order status" className={`${styles.tabs} ${styles.subTabs}`}>
        {orderSubTabs.map((tab) => (
          <Tab key={tab.id} id={tab.id} className={styles.tab}>
            {tab.label}
          </Tab>
        ))}
      </TabList>
      {orderSubTabs.map((tab) => (
        <TabPanel key={tab.id} id={tab.id} className={styles.panel}>
          <OrdersList subTab={tab.id} skip={skip} onSkip={setSkip} />
        </TabPanel>
      ))}
    </Tabs>
  );
}

function OrdersList({ subTab, skip, onSkip }: { subTab: OrderSubTab; skip: number; onSkip(skip: number): void }) {
  const { ordersApi } = useCommerce();
  const navigate = useNavigate();
  const statuses = orderSubTabs.find((tab) => tab.id === subTab)?.statuses ?? [];
  const list = useQuery({
    queryKey: queryKeys.orders.list({ subTab, skip, limit: ORDER_TABLE_PAGE_SIZE }),
    queryFn: () => ordersApi.list(skip, ORDER_TABLE_PAGE_SIZE, statuses),
    placeholderData: keepPreviousData,
  });
  if (!list.isSuccess)
    return <QueryStatus query={list} loading="Loading your orders" failed="Your orders could not be loaded" />;
  const { orders, pages } = list.data;
  if (pages.total_count === 0)
    return (
      <div className={styles.empty}>
        <p>{subTab === 'all' ? 'You have no high resolution imagery orders yet.' : 'No orders with this status.'}</p>
        {subTab === 'all' && (
          <Button onClick={() => navigate(paths.orderHighResImagery)}>Order High Resolution Imagery</Button>
        )}
      </div>
    );
  return (
    <>
      <table className={`${styles.table} ${styles.cardsOnPhone}`} aria-label="High resolution imagery orders">
        <thead>
          <tr>
            <th scope="col">Order ID</th>
            <th scope="col">Date Ordered</th>
            <th scope="col">Payment Method</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
            <ActionsHeader />
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <OrderRow key={order.id} order={order} />
          ))}
        </tbody>
      </table>
      <SkipPager label="Order pages" skip={skip} pageSize={ORDER_TABLE_PAGE_SIZE} pages={pages} onSkip={onSkip} />
    </>
  );
}

function OrderRow({ order }: { order: Order }) {
  const shortId = order.id.slice(0, 8);
  return (
    <tr>
      <td data-label="Order ID" className={styles.id} title={order.id}>
        {shortId}
      </td>
      <td data-label="Date Ordered">{formatOrderDate(order.created_on)}</td>
      <td data-label="Payment Method">{paymentMethodLabel(order.payment_method)}</td>
      <td data-label="Amount">{formatAud(order.order_total)}</td>
      <td data-label="Status">
        <span className={`${styles.status} ${styles[`order_${order.status}`] ?? ''}`}>
          {orderStatusLabels[order.status]}
        </span>
      </td>
      <td className={styles.rowActions}>
        <Link
          to={paths.orderReview(order.id)}
          className={styles.iconLink}
          aria-label={`View order ${shortId}`}
          title="View order"
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M12 5C6.5 5 2.7 9.4 1.5 12c1.2 2.6 5 7 10.5 7s9.3-4.4 10.5-7C21.3 9.4 17.5 5 12 5zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z"
            />
          </svg>
        </Link>
        {order.payment_method === 'stripe' &&
          (awaitsPayment(order) ? (
            <Link to={paths.pay(order.id)} className={styles.payLink}>
              Awaiting Payment
            </Link>
          ) : order.status !== 'cancelled' ? (
            <button
              type="button"
              className={styles.payButton}
              disabled
              title={payDisabled(order.status) ? 'This order is being captured or is complete' : 'Paid'}
            >
              Paid
            </button>
          ) : null)}
      </td>
    </tr>
  );
}
