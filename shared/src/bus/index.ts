import type { Profile } from '../contracts/accounts';

/**
 * Cross-remote events travel as `window` CustomEvents so that remotes built against different
 * versions of this package still understand each other. Each event carries a schema version.
 */
export const BUS_VERSION = 1;

export type ToastKind = 'success' | 'error' | 'info';

export interface PaddockEvents {
  'paddock:cart-open': Record<string, never>;
  'paddock:cart-changed': { count: number };
  'paddock:profile-changed': { profile: Profile };
  'paddock:farm-changed': { farmId: string; change: 'created' | 'updated' | 'deleted' };
  'paddock:toast': { kind: ToastKind; message: string };
  /** The signed-in person's unread notifications (change alerts): the bell in the top navigation shows it. */
  'paddock:notifications-changed': { unread: number };
}

export type PaddockEventName = keyof PaddockEvents;

export interface BusEnvelope<N extends PaddockEventName> {
  v: number;
  payload: PaddockEvents[N];
}

export interface PaddockBus {
  emit<N extends PaddockEventName>(name: N, payload: PaddockEvents[N]): void;
  /** Subscribes and returns the unsubscribe function. */
  on<N extends PaddockEventName>(name: N, listener: (payload: PaddockEvents[N]) => void): () => void;
  toast(kind: ToastKind, message: string): void;
}

function isEnvelope(detail: unknown): detail is { v: number; payload: unknown } {
  return typeof detail === 'object' && detail !== null && 'v' in detail && 'payload' in detail;
}

export function createBus(target: EventTarget = window): PaddockBus {
  const bus: PaddockBus = {
    emit(name, payload) {
      const detail: BusEnvelope<typeof name> = { v: BUS_VERSION, payload: JSON.parse(JSON.stringify(payload)) };
      target.dispatchEvent(new CustomEvent(name, { detail }));
    },
    on(name, listener) {
      const handler = (event: Event) => {
        const detail = (event as CustomEvent<unknown>).detail;
        // Events from a newer major version are ignored rather than misread.
        if (isEnvelope(detail) && detail.v === BUS_VERSION) {
          listener(detail.payload as PaddockEvents[typeof name]);
        }
      };
      target.addEventListener(name, handler);
      return () => target.removeEventListener(name, handler);
    },
    toast(kind, message) {
      bus.emit('paddock:toast', { kind, message });
    },
  };
  return bus;
}
