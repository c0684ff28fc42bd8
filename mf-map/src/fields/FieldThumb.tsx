import { useEffect, useMemo } from 'react';
import type { FieldFeature } from '@paddock/shared/contracts';
import { freshFor, queryKeys, queryPolicy, useQuery } from '@paddock/shared/query';
import { useMapArea } from '../context';
import styles from './FieldMenu.module.css';

/**
 * The field's latest NDVI as a small picture in the field list (as OneSoil shows it), from the
 * server's thumbnail of its latest clear capture; the crop's colour until it arrives or without one.
 */
export function FieldThumb({ field, colour }: { field: FieldFeature; colour: string }) {
  const { imagery } = useMapArea();
  const version = (field.bbox ?? []).join(',');
  const query = useQuery({
    queryKey: queryKeys.imagery.thumbnail(field.id, version),
    queryFn: () => imagery.thumbnail(field.id),
    // A field's latest clear capture changes every few days at most.
    ...queryPolicy({ freshFor: freshFor.oneDay }),
  });
  // One object URL per picture, let go of when the picture changes or the row goes.
  const url = useMemo(() => (query.data ? URL.createObjectURL(query.data) : null), [query.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return (
    <span className={styles.thumb} style={{ borderColor: colour, background: colour }} aria-hidden="true">
      {url && <img src={url} alt="" className={styles.thumbImage} data-testid="field-thumbnail" />}
    </span>
  );
}
