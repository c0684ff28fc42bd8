import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_NODE_FLAGS } from '../node-flags.mjs';

// npm start and the benches read node-flags.mjs; these two launches cannot, so they must say the same.
const apiRoot = join(__dirname, '..');

describe("the api's node flags", () => {
  it('are the ones `npm start -w api` runs the build with, before the entry', () => {
    const { scripts } = JSON.parse(readFileSync(join(apiRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toBe(['node', ...API_NODE_FLAGS, 'dist/main.js'].join(' '));
  });

  it("are the ones the container's command runs the build with, before the entry", () => {
    const dockerfile = readFileSync(join(apiRoot, 'Dockerfile'), 'utf8');
    const command = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(command && JSON.parse(command)).toEqual(['node', ...API_NODE_FLAGS, 'api/dist/main.js']);
  });
});
