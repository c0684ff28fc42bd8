import type { FarmProperties } from '@paddock/shared/contracts';
import { Icon } from '@paddock/shared/ui';
import { abilitiesOf } from '../../lib/roles';
import styles from './FarmsPage.module.css';

interface FavouriteStarProps {
  farm: FarmProperties;
  onToggle(): void;
}

/** The caller's own favourite flag; a toggle for owners and editors, read-only for viewers. */
export function FavouriteStar({ farm, onToggle }: FavouriteStarProps) {
  if (!abilitiesOf(farm.permission).favourite) {
    return farm.is_favorite ? (
      <span className={styles.starStatic} role="img" aria-label="Favourite">
        <Icon name="star" filled />
      </span>
    ) : (
      <span className={styles.starSpacer} aria-hidden="true" />
    );
  }
  return (
    <button
      type="button"
      className={styles.star}
      aria-pressed={farm.is_favorite}
      aria-label={`Favourite ${farm.farm_name}`}
      title={farm.is_favorite ? 'Remove from favourites' : 'Add to favourites'}
      data-on={farm.is_favorite || undefined}
      onClick={onToggle}
    >
      <Icon name="star" filled={farm.is_favorite} />
    </button>
  );
}
