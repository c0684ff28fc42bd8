import { useMemo } from 'react';
import type { AreaGeometry } from '@paddock/shared/contracts';
import { THUMBNAIL, thumbnailPath, VIEWBOX_SIZE } from '../../lib/thumbnail';
import styles from './FieldThumbnail.module.css';

interface FieldThumbnailProps {
  geometry: AreaGeometry;
  name: string;
}

// 2 CSS px of outline: the drawing has 2 units per CSS px.
const STROKE_WIDTH = 2 * THUMBNAIL.scale;

/** The field's outline drawn from its own geometry (spec 1 §9), so no image service is needed. */
export function FieldThumbnail({ geometry, name }: FieldThumbnailProps) {
  const path = useMemo(() => thumbnailPath(geometry), [geometry]);
  return (
    <svg
      className={styles.thumbnail}
      role="img"
      aria-label={`Outline of ${name}`}
      width={THUMBNAIL.cssSize}
      height={THUMBNAIL.cssSize}
      viewBox={`0 0 ${VIEWBOX_SIZE} ${VIEWBOX_SIZE}`}
    >
      <path className={styles.shape} d={path} fillRule="evenodd" strokeWidth={STROKE_WIDTH} strokeLinejoin="round" />
    </svg>
  );
}
