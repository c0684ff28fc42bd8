import { useEffect, useRef, useState } from 'react';
import type { FarmMapInstance } from '@paddock/shared/contracts';
import { useCommerce } from '../../context';
import { loadFarmMap } from '../../orders/farmMapModule';
import styles from './ImageryOrder.module.css';

interface FarmFieldsMapProps {
  farmId: string;
  farmName: string;
  selected: string[];
  onSelect(fieldIds: string[]): void;
}

/**
 * The farm's fields on mf-map's embedded map in select mode (no map code here): a click on a field
 * toggles it; the list beside it selects the same fields. If the map cannot load, the list does the job.
 */
export function FarmFieldsMap({ farmId, farmName, selected, onSelect }: FarmFieldsMapProps) {
  const { auth, config } = useCommerce();
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<FarmMapInstance | null>(null);
  const [failed, setFailed] = useState(false);
  // The latest callback and selection, for the map's listeners (set after each render).
  const onSelectRef = useRef(onSelect);
  const selectedRef = useRef(selected);
  useEffect(() => {
    onSelectRef.current = onSelect;
    selectedRef.current = selected;
  });

  useEffect(() => {
    let cancelled = false;
    let instance: FarmMapInstance | null = null;
    loadFarmMap()
      .then(({ createFarmMap }) => {
        if (cancelled || !element.current) return;
        instance = createFarmMap(element.current, {
          farmId,
          apiUrl: config.apiUrl,
          getToken: () => auth.getToken(),
          mode: 'select',
        });
        map.current = instance;
        instance.on('select', ({ fields }) => onSelectRef.current(fields.map((field) => field.id)));
        instance.on('ready', () => instance?.setSelection(selectedRef.current));
        instance.on('error', () => setFailed(true));
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      instance?.destroy();
      map.current = null;
    };
  }, [farmId, auth, config.apiUrl]);

  useEffect(() => {
    map.current?.setSelection(selected);
  }, [selected]);

  if (failed)
    return (
      <p className={styles.mapFailed} role="note">
        The map of {farmName} could not be shown. Choose its fields from the list.
      </p>
    );
  return <div ref={element} className={styles.map} aria-label={`Map of ${farmName}: click fields to select them`} />;
}
