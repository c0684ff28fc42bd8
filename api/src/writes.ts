import type { FastifyInstance } from 'fastify';
import type { ChangeFeed } from './changes';

/**
 * Tells in-process caches that data changed: fired when any authenticated write (POST, PUT, PATCH,
 * DELETE) succeeds, just before its answer is sent. A cache that holds access answers or geometry
 * (the tile access cache) drops what it holds, so a client that acts on the answer never sees the
 * state from before its own change; other api processes hear it through the change feed within
 * milliseconds (`changes.ts`).
 */
export class WriteEvents {
  private readonly listeners = new Set<() => void>();

  /** With a `feed`, writes through every api process are heard (the `writes` topic), not only this one's. */
  constructor(private readonly feed?: ChangeFeed) {}

  /** Calls `listener` after every successful write; returns the unsubscribe function. */
  onWrite(listener: () => void): () => void {
    if (this.feed) return this.feed.on('writes', () => listener());
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(): void {
    if (this.feed) {
      this.feed.publish('writes');
      return;
    }
    for (const listener of this.listeners) listener();
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Fires `events` for each successful write answered by `scope`'s routes. */
export function announceWrites(scope: FastifyInstance, events: WriteEvents): void {
  scope.addHook('onSend', (request, reply, payload, done) => {
    if (WRITE_METHODS.has(request.method) && reply.statusCode < 400) events.emit();
    done(null, payload);
  });
}
