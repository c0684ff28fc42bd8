import { mkdirSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';
import { STALE_WORK_DIR_MS } from './index';
import { multipartBody } from './testing/multipart';

const root = tmpdir();
const workDirs = () => new Set(readdirSync(root).filter((name) => name.startsWith('paddock-convert-')));
const unique = `${process.pid}-${Date.now()}`;

/** Polls `check` until it holds (or fails the test after `ms`). */
async function eventually(check: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('the condition did not come true in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A KML of many small squares: enough work that the conversion is still running when the client leaves. */
function bigKml(placemarks: number): string {
  const parts: string[] = [];
  for (let i = 0; i < placemarks; i += 1) {
    const x = 147 + (i % 300) * 0.001;
    const y = -35 + Math.floor(i / 300) * 0.001;
    const ring = [
      [x, y],
      [x + 0.0005, y],
      [x + 0.0005, y + 0.0005],
      [x, y + 0.0005],
      [x, y],
    ];
    parts.push(
      `<Placemark><name>P${i}</name><Polygon><outerBoundaryIs><LinearRing><coordinates>${ring.map((p) => p.join(',')).join(' ')}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>`,
    );
  }
  return `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>${parts.join('')}</Document></kml>`;
}

describe.each(availableBackends())('convert work folders on %s', (kind) => {
  let t: TestContext;
  let port: number;
  beforeAll(async () => {
    // One left by an api killed an hour and more ago, and one a conversion in another process is using.
    const stale = path.join(root, `paddock-convert-stale-${unique}`);
    const fresh = path.join(root, `paddock-convert-fresh-${unique}`);
    mkdirSync(stale);
    mkdirSync(fresh);
    const longAgo = (Date.now() - STALE_WORK_DIR_MS - 60_000) / 1000;
    utimesSync(stale, longAgo, longAgo);
    t = await startTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sweeps folders stale for over an hour when the api starts, and leaves fresh ones', () => {
    expect(workDirs().has(`paddock-convert-stale-${unique}`)).toBe(false);
    expect(workDirs().has(`paddock-convert-fresh-${unique}`)).toBe(true);
    rmSync(path.join(root, `paddock-convert-fresh-${unique}`), { recursive: true });
  });

  it('removes the folder when the client closes the connection during the conversion', async () => {
    const token = await t.token();
    const before = workDirs();
    const ours = () => [...workDirs()].filter((name) => !before.has(name));
    const body = multipartBody([{ filename: 'many.kml', content: bigKml(60_000) }]);
    const aborted = new Promise<void>((resolve, reject) => {
      const request = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/v2/convert',
        headers: { ...body.headers, authorization: `Bearer ${token}`, 'content-length': body.payload.length },
      });
      request.on('error', () => resolve());
      request.on('response', (response) => reject(new Error(`answered ${response.statusCode} before the abort`)));
      request.end(body.payload, () => {
        // The upload is in; leave as soon as the api has its work folder (the conversion is under way).
        void eventually(() => ours().length > 0).then(() => {
          request.destroy();
          resolve();
        }, reject);
      });
    });
    await aborted;
    await eventually(() => ours().length === 0);
  });
});
