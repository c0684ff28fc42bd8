import { paths, type TaxDocument, type ZoningOrder } from '@paddock/shared/contracts';
import { formatAud, formatDate, formatHectares } from '@paddock/shared/format';
import { queryKeys, useQuery } from '@paddock/shared/query';
import { goTo, QueryStatus } from '@paddock/shared/ui';
import { DocumentButton, usePurchaseDocuments } from '../../components/documents/PurchaseDocuments';
import { useCommerce } from '../../context';
import styles from './OrdersPage.module.css';

/** 'NDVI (standard)' from the zoning's `{layer}_{algorithm}` (spec README). */
export const zoningProduct = (algorithm: string): string => {
  const [layer = '', ...rest] = algorithm.split('_');
  const name = rest.join(' ') || layer;
  return `VRT zoning · ${name}${rest.length ? ` (${layer})` : ''}`;
};

const fieldsOf = (order: ZoningOrder): string =>
  order.field_names?.length
    ? order.field_names.join(', ')
    : `${order.fields.length} field${order.fields.length === 1 ? '' : 's'}`;

/** The zone layer on the farm's map (`?zone=` opens that order's zones). */
export const zoneMapPath = (order: ZoningOrder): string =>
  `${paths.farmMap(order.farm_id)}?zone=${encodeURIComponent(order.id)}`;

/**
 * Orders' zoning tab (issue 25): every zoning purchase the caller can see, newest first, with its farm,
 * fields, zones, product, amount and date, its tax document, and a link to its zones on the map.
 */
export function ZoningOrdersTable() {
  const { cartApi, basename } = useCommerce();
  const list = useQuery({ queryKey: queryKeys.zoningOrders.mine(), queryFn: () => cartApi.zoningOrders() });
  const documents = usePurchaseDocuments(null);
  if (!list.isSuccess)
    return (
      <QueryStatus query={list} loading="Loading your zoning orders" failed="Your zoning orders could not be loaded" />
    );
  if (list.data.length === 0)
    return (
      <div className={styles.empty}>
        <p>You have no zoning orders yet.</p>
      </div>
    );
  const documentsOf = (order: ZoningOrder): TaxDocument[] =>
    (documents.data ?? []).filter((document) => document.payment_id === order.payment_id);
  return (
    <div className={styles.scroll}>
      <table className={styles.table} aria-label="Zoning orders">
        <thead>
          <tr>
            <th scope="col">Farm</th>
            <th scope="col">Fields</th>
            <th scope="col">Zones</th>
            <th scope="col">Product</th>
            <th scope="col">Amount</th>
            <th scope="col">Date</th>
            <th scope="col">Status</th>
            <th scope="col">Document</th>
            <th scope="col">Map</th>
          </tr>
        </thead>
        <tbody>
          {list.data.map((order) => (
            <tr key={order.id}>
              <td>{order.farm_name}</td>
              <td>{fieldsOf(order)}</td>
              <td>
                {order.num_zones} zones · {formatHectares(order.area)} ha
              </td>
              <td>{zoningProduct(order.algorithm)}</td>
              <td>{formatAud(order.price)}</td>
              <td>{formatDate(order.paid_on ?? order.created_on, 'short')}</td>
              <td>
                <span className={`${styles.status} ${styles[order.status] ?? ''}`}>
                  {order.status === 'paid' ? 'paid' : 'invoice open'}
                </span>
              </td>
              <td>
                {documentsOf(order).length > 0 ? (
                  <DocumentButton documents={documentsOf(order)} of={`of ${order.farm_name}`} />
                ) : (
                  <span className={styles.muted}>—</span>
                )}
              </td>
              <td>
                <a
                  href={zoneMapPath(order)}
                  onClick={(event) => {
                    event.preventDefault();
                    goTo(basename, zoneMapPath(order));
                  }}
                >
                  View zones<span className={styles.visuallyHidden}> of {order.farm_name}</span>
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
