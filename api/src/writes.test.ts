import Fastify from 'fastify';
import { announceWrites, WriteEvents } from './writes';

describe('announceWrites', () => {
  it('fires once per successful write and never for reads or refusals', async () => {
    const app = Fastify();
    const events = new WriteEvents();
    let writes = 0;
    events.onWrite(() => {
      writes += 1;
    });
    announceWrites(app, events);
    app.get('/thing', async () => ({ ok: true }));
    app.put('/thing', async () => ({ ok: true }));
    app.delete('/thing', async (_request, reply) => reply.code(403).send({ detail: 'no' }));

    await app.inject({ method: 'GET', url: '/thing' });
    await app.inject({ method: 'PUT', url: '/thing' });
    await app.inject({ method: 'DELETE', url: '/thing' });
    expect(writes).toBe(1);
    await app.close();
  });

  it('stops calling a listener once it unsubscribes', () => {
    const events = new WriteEvents();
    let calls = 0;
    const stop = events.onWrite(() => {
      calls += 1;
    });
    events.emit();
    stop();
    events.emit();
    expect(calls).toBe(1);
  });
});
