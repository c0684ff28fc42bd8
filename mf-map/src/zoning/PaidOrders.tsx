import type { MouseEvent } from 'react';
import { errorMessage } from '@paddock/shared/api-client';
import { paths, productPath, type ZoningOrder } from '@paddock/shared/contracts';
import { formatDate } from '@paddock/shared/format';
import { queryKeys, useQuery } from '@paddock/shared/query';
import { goTo, Spinner, controls } from '@paddock/shared/ui';
import { useMapArea } from '../context';
import { useMapStore } from '../store';
import styles from './zoning.module.css';

const orderLabel = (order: ZoningOrder) =>
  `${formatDate(order.catalog_entry, 'short')} · ${order.num_zones} zones · ${order.fields.length === 1 ? '1 field' : `${order.fields.length} fields`}`;

/** The zoning layer of the layer menu (spec 2 §2): the farm's paid zoning orders, each opened by `?zone=`. */
export function PaidOrders() {
  const { zoning, basename } = useMapArea();
  const farmId = useMapStore((s) => s.farmId);
  const query = useQuery({
    queryKey: queryKeys.zoningOrders.paidOfFarm(farmId ?? ''),
    queryFn: () => zoning.paidOrders(farmId ?? ''),
    enabled: farmId !== null,
  });
  if (!farmId) return null;
  if (query.isError)
    return <p className={styles.totals}>{errorMessage(query.error, 'Your zone maps could not be loaded.')}</p>;
  if (!query.data) return <Spinner label="Loading zone maps" />;
  if (query.data.length === 0) return <p className={styles.totals}>No zone maps yet. Use Actions → Create Zones.</p>;
  const path = (order: ZoningOrder) => `${paths.farmMap(farmId)}?zone=${encodeURIComponent(order.id)}`;
  const open = (event: MouseEvent, order: ZoningOrder) => {
    event.preventDefault();
    goTo(basename, path(order));
  };
  return (
    <ul className={styles.orders} aria-label="Zone maps">
      {query.data.map((order) => (
        <li key={order.id}>
          <a
            className={controls.link}
            href={productPath(basename, path(order))}
            onClick={(event) => open(event, order)}
          >
            {orderLabel(order)}
          </a>
        </li>
      ))}
    </ul>
  );
}
