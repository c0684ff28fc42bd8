import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeOrientationLines, readOrientationLines } from './basemap/orientation-data';
import { loadPrebuilt, PREBUILT_FILES, writePrebuilt } from './prebuilt';

describe('prebuilt data', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'paddock-prebuilt-test-'));
  });
  afterEach(async () => rm(folder, { recursive: true, force: true }));

  it('is read from its folder when it is there (as the compiled api reads dist/prebuilt)', async () => {
    await writeFile(path.join(folder, PREBUILT_FILES.localities), '[]');
    expect((await loadPrebuilt('localities', folder)).toString('utf8')).toBe('[]');
  });

  it('is worked out by its own process into the folder the same as in this one', async () => {
    await writePrebuilt(folder, ['orientationLines']);
    const fromFile = decodeOrientationLines(await loadPrebuilt('orientationLines', folder));
    expect(fromFile).toEqual(readOrientationLines());
    expect(fromFile.outlines).toBe(true);
  }, 60_000);

  it('is worked out when its folder has none (running from source)', async () => {
    const lines = decodeOrientationLines(await loadPrebuilt('orientationLines', path.join(folder, 'missing')));
    expect(lines.levels.length).toBeGreaterThan(0);
  }, 60_000);
});
