// The RSA signing key and cookie-signing keys: generated once, stored in the data folder, reused on
// every start so tokens and sessions issued before a restart stay valid.
import { generateKeyPair, randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { calculateJwkThumbprint } from 'jose';
import { isRecord, readJson, writeFileAtomic } from './json-file';

const generateKeyPairAsync = promisify(generateKeyPair);

export interface RsaPrivateJwk {
  kty: 'RSA';
  kid: string;
  alg: 'RS256';
  use: 'sig';
  n: string;
  e: string;
  d: string;
  p: string;
  q: string;
  dp: string;
  dq: string;
  qi: string;
}

export type RsaPublicJwk = Pick<RsaPrivateJwk, 'kty' | 'kid' | 'alg' | 'use' | 'n' | 'e'>;

export interface IdpSecrets {
  signingKey: RsaPrivateJwk;
  /** Keys for signed cookies (session, interaction); the first one signs. */
  cookieKeys: string[];
}

const RSA_MEMBERS = ['n', 'e', 'd', 'p', 'q', 'dp', 'dq', 'qi'] as const;

export const secretsFile = (dataDir: string) => path.join(dataDir, 'keys.json');

function parseSecrets(raw: unknown, file: string): IdpSecrets {
  const key = isRecord(raw) ? raw.signingKey : undefined;
  const cookieKeys = isRecord(raw) ? raw.cookieKeys : undefined;
  if (
    !isRecord(key) ||
    key.kty !== 'RSA' ||
    typeof key.kid !== 'string' ||
    RSA_MEMBERS.some((member) => typeof key[member] !== 'string') ||
    !Array.isArray(cookieKeys) ||
    cookieKeys.length === 0 ||
    !cookieKeys.every((item): item is string => typeof item === 'string' && item.length >= 32)
  ) {
    throw new Error(`${file} does not hold a valid RSA signing key and cookie keys; delete it to generate new ones`);
  }
  const members = Object.fromEntries(RSA_MEMBERS.map((member) => [member, String(key[member])])) as Record<
    (typeof RSA_MEMBERS)[number],
    string
  >;
  return {
    signingKey: { kty: 'RSA', kid: key.kid, alg: 'RS256', use: 'sig', ...members },
    cookieKeys,
  };
}

async function generateSecrets(): Promise<IdpSecrets> {
  const { privateKey } = await generateKeyPairAsync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  const members = Object.fromEntries(
    RSA_MEMBERS.map((member) => {
      const value = jwk[member];
      if (typeof value !== 'string') throw new Error(`generated RSA key lacks "${member}"`);
      return [member, value];
    }),
  ) as Record<(typeof RSA_MEMBERS)[number], string>;
  // The RFC 7638 thumbprint as key id: stable for the key, so verifiers can cache it.
  const kid = await calculateJwkThumbprint({ kty: 'RSA', n: members.n, e: members.e });
  return {
    signingKey: { kty: 'RSA', kid, alg: 'RS256', use: 'sig', ...members },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
}

export async function loadOrCreateSecrets(dataDir: string): Promise<IdpSecrets> {
  const file = secretsFile(dataDir);
  const raw = await readJson(file);
  if (raw !== undefined) return parseSecrets(raw, file);
  const secrets = await generateSecrets();
  await writeFileAtomic(file, `${JSON.stringify(secrets, null, 2)}\n`, 0o600);
  return secrets;
}

export function publicJwk(key: RsaPrivateJwk): RsaPublicJwk {
  return { kty: key.kty, kid: key.kid, alg: key.alg, use: key.use, n: key.n, e: key.e };
}
