import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useMapStore, useMapStoreApi } from '../store';
import { EditZonePanel } from './EditZonePanel';

/** `/farms/{id}?zone={order id}` (spec 2 §2) opens the order in edit-zone mode; Close drops the parameter. */
export function ZoneFromAddress() {
  const location = useLocation();
  const navigate = useNavigate();
  const store = useMapStoreApi();
  const mode = useMapStore((s) => s.mode);
  const orderId = new URLSearchParams(location.search).get('zone');

  useEffect(() => {
    if (orderId) store.getState().setMode('edit-zone');
  }, [orderId, store]);

  if (!orderId || mode !== 'edit-zone') return null;
  return (
    <EditZonePanel key={orderId} orderId={orderId} onClose={() => navigate(location.pathname, { replace: true })} />
  );
}
