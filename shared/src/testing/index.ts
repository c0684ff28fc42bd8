// Test fixtures for the contracts every area shares: host-like props, API-shaped profiles and a fake
// API server at the network boundary (the real api client, ky included, runs against it).
import { createBus, type PaddockBus, type PaddockEvents } from '../bus';
import { createElement, type ReactNode } from 'react';
import { createQueryClient } from '../query/client';
import { QueryProvider } from '../query/QueryProvider';
import type { Account, IdpUser, MfProps, Profile } from '../contracts';

/** A profile as the API sends it; `account` overrides only what a test cares about. */
export function makeProfile(account: Partial<Account> = {}, rest: Partial<Omit<Profile, 'account'>> = {}): Profile {
  return {
    account: {
      id: 'acc-1',
      first_name: null,
      last_name: null,
      email: 'jane.farmer@example.com',
      user_type: null,
      email_verified: false,
      terms_accepted_version: null,
      created_on: '2024-01-01T00:00:00.000Z',
      updated_on: '2024-01-01T00:00:00.000Z',
      ...account,
    },
    tier: { key: 'basic', name: 'Basic' },
    feature_flags: [],
    payments: [],
    subscriptions: [],
    ...rest,
  };
}

export const makeUser = (user: Partial<IdpUser> = {}): IdpUser => ({
  sub: 'auth0|jane',
  email: 'jane.farmer@example.com',
  email_verified: false,
  ...user,
});

/** One request the area sent, as the fake server saw it. */
export interface SeenRequest {
  method: string;
  url: string;
  path: string;
  authorization: string | null;
  /** Parsed JSON, or the FormData of a multipart upload. */
  body: unknown;
}

export interface FakeReply {
  status: number;
  body?: unknown;
}

/** `'GET /v2/accounts/profile'` → reply; anything unlisted answers 404 like the real API would. */
export type Routes = Record<string, FakeReply | ((request: SeenRequest) => FakeReply)>;

async function readBody(request: Request): Promise<unknown> {
  if (request.headers.get('content-type')?.startsWith('multipart/form-data')) return request.formData();
  const text = await request.text();
  return text ? JSON.parse(text) : undefined;
}

/** A fake server at the network boundary: the real api client, ky included, runs against it. */
export function fakeServer(routes: Routes) {
  const requests: SeenRequest[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const seen: SeenRequest = {
      method: request.method,
      url: request.url,
      path: url.pathname,
      authorization: request.headers.get('authorization'),
      body: await readBody(request),
    };
    requests.push(seen);
    const route = routes[`${seen.method} ${seen.path}`];
    const reply = typeof route === 'function' ? route(seen) : (route ?? { status: 404, body: { detail: 'Not Found' } });
    const hasBody = reply.body !== undefined && reply.status !== 204;
    return new Response(hasBody ? JSON.stringify(reply.body) : null, {
      status: reply.status,
      headers: hasBody ? { 'content-type': 'application/json' } : {},
    });
  }) as typeof fetch;
  const find = (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path);
  return { fetch: fetchImpl, requests, find };
}

export const TEST_API_URL = 'http://api.test/v2';
export const TEST_IDP_URL = 'http://idp.test';

/** Props as the host gives them to a remote; override what a test cares about. */
export function fakeMfProps(overrides: Partial<MfProps> = {}): MfProps {
  const user = overrides.auth?.user ?? makeUser();
  return {
    basename: '/',
    auth: { getToken: async () => 'token-1', user, refreshUser: async () => user, logout: () => undefined },
    profile: makeProfile(),
    bus: createBus(new EventTarget()),
    config: { apiUrl: TEST_API_URL, idpUrl: TEST_IDP_URL, supportEmail: 'support@paddock.example' },
    ...overrides,
  };
}

/**
 * A bus on its own EventTarget that records what an area emits: toasts, and the events named in
 * `record` (e.g. `paddock:farm-changed`), each in the order they came.
 */
export function recordingBus<K extends keyof PaddockEvents>(...record: K[]) {
  const bus = createBus(new EventTarget());
  const toasts: Array<PaddockEvents['paddock:toast']> = [];
  const events = {} as { [E in K]: Array<PaddockEvents[E]> };
  bus.on('paddock:toast', (toast) => toasts.push(toast));
  for (const name of record) {
    const seen: Array<PaddockEvents[K]> = [];
    events[name] = seen as (typeof events)[K];
    bus.on(name, (payload) => seen.push(payload));
  }
  return { bus, toasts, events };
}

/** An area QueryClient as a mount makes it, except that a retry happens at once (no waiting in tests). */
export function testQueryClient(bus: PaddockBus) {
  return createQueryClient({ bus, retryDelayMs: 0 });
}

/**
 * What a remote's render harness starts from: the fake API server on `routes`, a bus that records
 * toasts and the events named in `record`, host-like props on that bus (with `overrides`) and the
 * mount's QueryClient as tests make it.
 */
export function fakeHost<K extends keyof PaddockEvents>(routes: Routes, overrides: Partial<MfProps>, ...record: K[]) {
  const recorded = recordingBus(...record);
  return {
    ...recorded,
    server: fakeServer(routes),
    props: fakeMfProps({ bus: recorded.bus, ...overrides }),
    queryClient: testQueryClient(recorded.bus),
  };
}

/**
 * For testing a hook that loads or acts (`renderHook(() => useX(), { wrapper })`): a recording bus,
 * the mount's QueryClient and the wrapper that provides both.
 */
export function queryHarness<K extends keyof PaddockEvents>(...record: K[]) {
  const recorded = recordingBus(...record);
  const client = testQueryClient(recorded.bus);
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryProvider, { bus: recorded.bus, client, children });
  return { ...recorded, client, wrapper };
}
export * from './geodesy';
