import { useId, useState } from 'react';
import { failureMessage } from '@paddock/shared/api-client';
import type { ZoningZonesResponse } from '@paddock/shared/contracts';
import { formatHectares } from '@paddock/shared/format';
import { useAction } from '@paddock/shared/query';
import { Button } from '@paddock/shared/ui';
import { controlStyles } from '@paddock/shared/ui/form';
import { useMapArea } from '../context';
import { isRateInput, totalProduct, zoningCartPayload, type CartTarget, type RateInputs } from './rates';
import styles from './zoning.module.css';

const figure = (value: number) => value.toLocaleString('en-AU', { maximumFractionDigits: 2 });

/** '2. Edit & Assign Rates': a rate per zone, the product and its unit, the live totals, Add to cart. */
export function RatesStep({
  zones,
  target,
  onBack,
}: {
  zones: ZoningZonesResponse;
  target: CartTarget;
  onBack(): void;
}) {
  const { zoning } = useMapArea();
  const productId = useId();
  const unitId = useId();
  const priceId = useId();
  const [rates, setRates] = useState<RateInputs>({});
  const [product, setProduct] = useState('');
  const [unit, setUnit] = useState('L');
  const [price, setPrice] = useState('');
  const total = totalProduct(zones, rates);
  const cost = isRateInput(price) && price ? total * Number(price) : null;

  const add = useAction({
    run: () => zoning.addToCart(zoningCartPayload(zones, rates, target)),
    success: 'Zones added to your cart',
    failure: (error) => failureMessage('Could not add the zones to your cart', error),
    events: () => [['paddock:cart-open', {}]],
  });

  return (
    <div>
      <div className={controlStyles.compact}>
        <div className={controlStyles.field}>
          <label htmlFor={productId} className={controlStyles.label}>
            Product name
          </label>
          <input
            id={productId}
            className={controlStyles.input}
            value={product}
            onChange={(event) => setProduct(event.target.value)}
          />
        </div>
        <div className={controlStyles.field}>
          <label htmlFor={unitId} className={controlStyles.label}>
            Unit
          </label>
          <select
            id={unitId}
            className={controlStyles.select}
            value={unit}
            onChange={(event) => setUnit(event.target.value)}
          >
            <option value="L">L/ha</option>
            <option value="kg">kg/ha</option>
          </select>
        </div>
      </div>
      <table className={styles.table} aria-label="Rates">
        <thead>
          <tr>
            <th scope="col">Zone</th>
            <th scope="col">Area (ha)</th>
            <th scope="col">Rate ({unit}/ha)</th>
          </tr>
        </thead>
        <tbody>
          {zones.statistics.zones.map((zone) => (
            <tr key={zone.zone}>
              <th scope="row">
                <span className={styles.swatch} style={{ background: zones.palette[zone.zone - 1] ?? zone.color }} />
                Zone {zone.zone}
              </th>
              <td>{formatHectares(zone.area)}</td>
              <td>
                <input
                  className={`${controlStyles.input} ${styles.rateInput}`}
                  inputMode="decimal"
                  aria-label={`Rate of zone ${zone.zone}`}
                  value={rates[String(zone.zone)] ?? ''}
                  onChange={(event) => {
                    const text = event.target.value;
                    if (isRateInput(text)) setRates((current) => ({ ...current, [String(zone.zone)]: text }));
                  }}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={controlStyles.field}>
        <label htmlFor={priceId} className={controlStyles.label}>
          Price per {unit} (AU$)
        </label>
        <input
          id={priceId}
          className={`${controlStyles.input} ${styles.rateInput}`}
          inputMode="decimal"
          value={price}
          onChange={(event) => isRateInput(event.target.value) && setPrice(event.target.value)}
        />
      </div>
      <p className={styles.totals} aria-live="polite">
        Total product{product.trim() ? ` (${product.trim()})` : ''}: {figure(total)} {unit}
        {cost !== null && (
          <>
            <br />
            Total cost: AU${cost.toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
          </>
        )}
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button disabled={add.busy} onClick={() => void add.trigger()}>
          Add to cart
        </Button>
      </div>
    </div>
  );
}
