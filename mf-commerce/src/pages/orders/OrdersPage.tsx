import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { bookingStatusLabel, readOrdersNavState, type OrdersNavState } from '@paddock/shared/contracts';
import { formatAud, formatDate } from '@paddock/shared/format';
import { keepPreviousData, queryKeys, useQuery } from '@paddock/shared/query';
import { QueryStatus } from '@paddock/shared/ui';
import { useCommerce } from '../../context';
import { DocumentButton, usePurchaseDocuments } from '../../components/documents/PurchaseDocuments';
import { ImageryOrdersTable } from './ImageryOrdersTable';
import { SkipPager } from './SkipPager';
import { ZoningOrdersTable } from './ZoningOrdersTable';
import styles from './OrdersPage.module.css';

/** Spec 3 §9: tables show 10 rows a page. */
export const ORDERS_PAGE_SIZE = 10;

type OrdersTab = Required<OrdersNavState>['tab'];
const isTab = (value: unknown): value is OrdersTab => value === 'orders' || value === 'zoning' || value === 'bookings';

/** Spec 3 §2.7: the two top tabs; the initial one comes from navigation state (`OrdersNavState`). */
export function OrdersPage() {
  const location = useLocation();
  const [tab, setTab] = useState<OrdersTab>(() => readOrdersNavState(location.state).tab);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Orders</h1>
      <Tabs selectedKey={tab} onSelectionChange={(key: Key) => isTab(key) && setTab(key)}>
        <TabList aria-label="Orders and bookings" className={styles.tabs}>
          <Tab id="orders" className={styles.tab}>
            High Resolution Imagery Orders
          </Tab>
          <Tab id="zoning" className={styles.tab}>
            VRT Zoning Orders
          </Tab>
          <Tab id="bookings" className={styles.tab}>
            Rapid-EM Bookings
          </Tab>
        </TabList>
        <TabPanel id="orders" className={styles.panel}>
          <ImageryOrdersTable />
        </TabPanel>
        <TabPanel id="zoning" className={styles.panel}>
          <ZoningOrdersTable />
        </TabPanel>
        <TabPanel id="bookings" className={styles.panel}>
          <BookingsTable />
        </TabPanel>
      </Tabs>
    </div>
  );
}

function BookingsTable() {
  const { bookingsApi } = useCommerce();
  const [skip, setSkip] = useState(0);
  const list = useQuery({
    queryKey: queryKeys.bookings.list({ skip, limit: ORDERS_PAGE_SIZE }),
    queryFn: () => bookingsApi.bookings(skip, ORDERS_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const documents = usePurchaseDocuments(null);
  if (!list.isSuccess)
    return <QueryStatus query={list} loading="Loading your bookings" failed="Your bookings could not be loaded" />;
  const { data, pages } = list.data;
  if (pages.total_count === 0)
    return (
      <div className={styles.empty}>
        <p>You have no Rapid-EM bookings yet.</p>
      </div>
    );
  return (
    <>
      <div className={styles.scroll}>
        <table className={styles.table} aria-label="Rapid-EM bookings">
          <thead>
            <tr>
              <th scope="col">Booking ID</th>
              <th scope="col">Machine</th>
              <th scope="col">Start date</th>
              <th scope="col">End date</th>
              <th scope="col">Address</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">Document</th>
            </tr>
          </thead>
          <tbody>
            {data.map((booking) => (
              <tr key={booking.id}>
                <td className={styles.id} title={booking.id}>
                  {booking.id.slice(0, 8)}
                </td>
                <td>{booking.machine_id}</td>
                <td>{formatDate(booking.start_date, 'short')}</td>
                <td>{formatDate(booking.end_date, 'short')}</td>
                <td>
                  {[booking.address1, booking.address2, booking.city, booking.state, booking.country]
                    .filter(Boolean)
                    .join(', ')}
                </td>
                <td>{formatAud(booking.amount)}</td>
                <td>
                  <span className={`${styles.status} ${styles[booking.status] ?? ''}`}>
                    {bookingStatusLabel(booking.status)}
                  </span>
                </td>
                <td>
                  {booking.status === 'confirmed' ? (
                    <DocumentButton
                      documents={(documents.data ?? []).filter((document) => document.booking_id === booking.id)}
                      of={`of booking ${booking.id.slice(0, 8)}`}
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <SkipPager label="Booking pages" skip={skip} pageSize={ORDERS_PAGE_SIZE} pages={pages} onSkip={setSkip} />
    </>
  );
}
