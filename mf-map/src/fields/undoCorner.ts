import type { MapStore } from '../store';

/**
 * The on-screen 'Undo corner' of the editing bar reaches the drawing tool of the same map through this
 * per-map signal (a phone has no Backspace key; the keyboard keeps its shortcut).
 */
const signals = new WeakMap<MapStore, EventTarget>();

export function undoCornerSignal(store: MapStore): EventTarget {
  let signal = signals.get(store);
  if (!signal) {
    signal = new EventTarget();
    signals.set(store, signal);
  }
  return signal;
}
