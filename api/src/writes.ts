import type { FastifyInstance } from 'fastify';

/**
 * Tells in-process caches that data changed: fired when any authenticated write (POST, PUT, PATCH,
 * DELETE) succeeds, just before its answer is sent. A cache that holds access answers or geometry
 * (the tile access cache) drops what it holds, so a client that acts on the answer never sees the
 * state from before its own change.
 */
export class WriteEvents {
  private readonly listeners = new Set<() => void>();

  /** Calls `listener` after every successful write; returns the unsubscribe function. */
  onWrite(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(): void {
    for (const listener of this.listeners) listener();
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Fires `events` for each successful write answered by `scope`'s routes. */
export function announceWrites(scope: FastifyInstance, events: WriteEvents): void {
  scope.addHook('onSend', async (request, reply, payload) => {
    if (WRITE_METHODS.has(request.method) && reply.statusCode < 400) events.emit();
    return payload;
  });
}
