import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IdentityEmailTakenError } from './admin';
import { Auth0Management } from './auth0';

/**
 * The api's Management API client against the real local idp (a child process on a free port, a fresh
 * data folder): the e-mail change round trip — PATCH the user, the verification link in the dev
 * mailbox, the address verified after the link is opened — and deletion.
 */

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const DEMO_SUB = 'auth0|demo';

let idp: ChildProcess | undefined;
let dataDir = '';
let base = '';

async function startIdp(): Promise<string> {
  dataDir = await mkdtemp(path.join(tmpdir(), 'paddock-idp-mgmt-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'idp/src/main.ts')], {
    cwd: path.join(repoRoot, 'idp'),
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  idp = child;
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /idp listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`idp exited (${code}): ${output}`)));
  });
}

beforeAll(async () => {
  base = await startIdp();
}, 120_000);

afterAll(async () => {
  if (idp && idp.exitCode === null) {
    const exited = new Promise((resolve) => idp?.once('exit', resolve));
    idp.kill('SIGTERM');
    await exited;
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const management = () =>
  new Auth0Management({
    domain: `${base}/`,
    clientId: 'paddock-admin-cli',
    clientSecret: 'paddock-dev-admin-secret',
    audience: `${base}/api/v2/`,
  });

interface MailboxMessage {
  to: string;
  link: string;
  userId: string;
}

const mailbox = async (): Promise<MailboxMessage[]> =>
  ((await (await fetch(`${base}/dev/mailbox.json`)).json()) as { messages: MailboxMessage[] }).messages;

describe('Auth0 Management API client against the local idp', () => {
  jest.setTimeout(60_000);

  it('changes the demo user’s e-mail: unverified, with a verification link to the new address that verifies it', async () => {
    const client = management();
    const changed = await client.updateEmail(DEMO_SUB, 'demo.moved@example.com');
    expect(changed).toEqual({ email: 'demo.moved@example.com', emailVerified: false });

    const message = (await mailbox()).find((item) => item.to === 'demo.moved@example.com');
    expect(message?.userId).toBe(DEMO_SUB);
    const page = await fetch(message?.link ?? '');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Your email address is verified');
    expect(await client.getUser(DEMO_SUB)).toEqual({ email: 'demo.moved@example.com', emailVerified: true });
    expect(await client.getUser('auth0|nobody')).toBeNull();

    // Changing to the address it now has (verified) changes nothing and sends nothing.
    const before = (await mailbox()).length;
    expect(await client.updateEmail(DEMO_SUB, 'demo.moved@example.com')).toEqual({
      email: 'demo.moved@example.com',
      emailVerified: true,
    });
    expect((await mailbox()).length).toBe(before);
  });

  it('marks an address verified (an invitation link proved it), only while the identity still has it', async () => {
    const client = management();
    await client.updateEmail(DEMO_SUB, 'invited.agronomist@example.com');
    expect(await client.getUser(DEMO_SUB)).toEqual({ email: 'invited.agronomist@example.com', emailVerified: false });
    await client.markEmailVerified(DEMO_SUB, 'someone.else@example.com');
    expect(await client.getUser(DEMO_SUB)).toEqual({ email: 'invited.agronomist@example.com', emailVerified: false });
    await client.markEmailVerified(DEMO_SUB, 'Invited.Agronomist@example.com');
    expect(await client.getUser(DEMO_SUB)).toEqual({ email: 'invited.agronomist@example.com', emailVerified: true });
  });

  it('reports an unknown user as an identity-provider error, and deletes the user', async () => {
    const client = management();
    await expect(client.updateEmail('auth0|nobody', 'nobody@example.com')).rejects.toThrow(
      /did not change the e-mail \(404\)/,
    );
    await client.deleteUser(DEMO_SUB);
    await expect(client.updateEmail(DEMO_SUB, 'again@example.com')).rejects.not.toBeInstanceOf(IdentityEmailTakenError);
  });
});
