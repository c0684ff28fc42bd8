import { createBus, BUS_VERSION } from './index';

describe('bus', () => {
  it('delivers a typed payload to every subscriber of that event only', () => {
    const bus = createBus(new EventTarget());
    const counts: number[] = [];
    const toasts: string[] = [];
    bus.on('paddock:cart-changed', ({ count }) => counts.push(count));
    bus.on('paddock:toast', ({ message }) => toasts.push(message));
    bus.emit('paddock:cart-changed', { count: 3 });
    expect(counts).toEqual([3]);
    expect(toasts).toEqual([]);
  });

  it('stops delivering after unsubscribe', () => {
    const bus = createBus(new EventTarget());
    const seen: string[] = [];
    const off = bus.on('paddock:toast', ({ message }) => seen.push(message));
    bus.toast('info', 'first');
    off();
    bus.toast('info', 'second');
    expect(seen).toEqual(['first']);
  });

  it('reaches a listener on another bus instance over the same target (remotes built separately)', () => {
    const target = new EventTarget();
    const seen: unknown[] = [];
    createBus(target).on('paddock:farm-changed', (p) => seen.push(p));
    createBus(target).emit('paddock:farm-changed', { farmId: 'f1', change: 'deleted' });
    expect(seen).toEqual([{ farmId: 'f1', change: 'deleted' }]);
  });

  it('ignores events of another schema version and raw events without an envelope', () => {
    const target = new EventTarget();
    const seen: unknown[] = [];
    createBus(target).on('paddock:cart-open', (p) => seen.push(p));
    target.dispatchEvent(new CustomEvent('paddock:cart-open', { detail: { v: BUS_VERSION + 1, payload: {} } }));
    target.dispatchEvent(new CustomEvent('paddock:cart-open', { detail: 'junk' }));
    expect(seen).toEqual([]);
  });

  it('sends payloads as plain JSON copies, so a receiver cannot mutate the sender', () => {
    const bus = createBus(new EventTarget());
    const sent = { count: 1 };
    let received: { count: number } | undefined;
    bus.on('paddock:cart-changed', (p) => {
      received = p;
    });
    bus.emit('paddock:cart-changed', sent);
    expect(received).toEqual(sent);
    expect(received).not.toBe(sent);
  });
});
