import type { ReactNode } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { Icon, type IconName } from '@paddock/shared/ui';
import styles from './MapControls.module.css';

/** One square button of the map's control column. */
export function ControlButton({
  icon,
  label,
  onPress,
  pressed,
  disabled,
  rotation,
  expands,
  badge,
}: {
  icon: IconName;
  label: string;
  onPress(): void;
  pressed?: boolean;
  disabled?: boolean;
  rotation?: number;
  /** A button that opens a panel: whether it is open, and the panel's id. */
  expands?: { open: boolean; panelId: string };
  /** A count shown on the button (its words are in the label). */
  badge?: number;
}) {
  return (
    <button
      type="button"
      className={styles.control}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      aria-expanded={expands?.open}
      aria-controls={expands?.panelId}
      disabled={disabled}
      onClick={onPress}
    >
      <span className={styles.icon} style={rotation ? { transform: `rotate(${rotation}rad)` } : undefined}>
        <Icon name={icon} />
      </span>
      {badge ? (
        <span className={styles.badge} aria-hidden="true">
          {badge}
        </span>
      ) : null}
    </button>
  );
}

/** A control button that opens a menu or a dialog: the button of a React Aria MenuTrigger or DialogTrigger. */
export function ControlTrigger({ icon, label, testId }: { icon: IconName; label: string; testId?: string }) {
  return (
    <AriaButton className={styles.control} aria-label={label} data-testid={testId}>
      <span className={styles.icon}>
        <Icon name={icon} />
      </span>
    </AriaButton>
  );
}

/** A group of control buttons (a rounded box in the column). */
export function ControlGroup({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <div className={styles.group} role={label ? 'group' : undefined} aria-label={label}>
      {children}
    </div>
  );
}
