import type { ReactNode } from 'react';
import { Icon } from '@paddock/shared/ui';
import panel from './mapPanel.module.css';

/** The title bar that folds a map panel or card: its chevron turns while `bodyId` is shown. */
export function PanelToggle({
  open,
  onToggle,
  bodyId,
  children,
}: {
  open: boolean;
  onToggle(open: boolean): void;
  bodyId: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={panel.panelToggle}
      aria-expanded={open}
      aria-controls={bodyId}
      onClick={() => onToggle(!open)}
    >
      <span>{children}</span>
      <Icon name="chevron" size={16} />
    </button>
  );
}
