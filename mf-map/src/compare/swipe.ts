// The swipe handle's positions, without OpenLayers (the panel's slider and the handle on the map share them).

/** How far one arrow key moves the handle (the panel's slider steps the same). */
export const SWIPE_STEP = 0.05;
/** A swipe position kept within 0–1, to the hundredth. */
export const clampPosition = (value: number): number => Math.min(1, Math.max(0, Math.round(value * 100) / 100));

/** The key's new position of the handle, or null for other keys. */
export function positionAfterKey(key: string, position: number): number | null {
  if (key === 'ArrowLeft' || key === 'ArrowDown') return clampPosition(position - SWIPE_STEP);
  if (key === 'ArrowRight' || key === 'ArrowUp') return clampPosition(position + SWIPE_STEP);
  if (key === 'PageDown') return clampPosition(position - 0.25);
  if (key === 'PageUp') return clampPosition(position + 0.25);
  if (key === 'Home') return 0;
  if (key === 'End') return 1;
  return null;
}
