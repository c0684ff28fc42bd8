// A small file-backed storage adapter for oidc-provider, so sessions, grants and refresh tokens
// survive a restart of the dev idp. Everything lives in memory and is written to oidc-store.json
// (atomically, coalesced) after each change; expired entries are dropped when the file is written.
import path from 'node:path';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { isRecord, JsonFileWriter, readJson } from './json-file';

interface Entry {
  payload: AdapterPayload;
  /** Epoch milliseconds; absent for entries without expiry. */
  expiresAt?: number;
}

type Models = Map<string, Map<string, Entry>>;

/** Models whose entries are revoked together when their grant is revoked. */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

/** Same leeway as oidc-provider's own memory adapter (its default clockTolerance). */
const CLOCK_TOLERANCE_MS = 15_000;

const isLive = (entry: Entry, now: number) => entry.expiresAt === undefined || entry.expiresAt > now;

export class OidcStore {
  readonly #models: Models;
  readonly #writer: JsonFileWriter;

  private constructor(file: string, models: Models) {
    this.#models = models;
    this.#writer = new JsonFileWriter(file, () => this.#snapshot());
  }

  static async open(dataDir: string): Promise<OidcStore> {
    const file = path.join(dataDir, 'oidc-store.json');
    const raw = await readJson(file);
    const models: Models = new Map();
    const now = Date.now();
    if (isRecord(raw) && isRecord(raw.models)) {
      for (const [name, entries] of Object.entries(raw.models)) {
        if (!isRecord(entries)) continue;
        const model = new Map<string, Entry>();
        for (const [id, value] of Object.entries(entries)) {
          if (!isRecord(value) || !isRecord(value.payload)) continue;
          const entry: Entry = {
            payload: value.payload as AdapterPayload,
            expiresAt: typeof value.expiresAt === 'number' ? value.expiresAt : undefined,
          };
          if (isLive(entry, now)) model.set(id, entry);
        }
        models.set(name, model);
      }
    }
    return new OidcStore(file, models);
  }

  #snapshot(): unknown {
    const now = Date.now();
    const models: Record<string, Record<string, Entry>> = {};
    for (const [name, entries] of this.#models) {
      for (const [id, entry] of entries) {
        if (!isLive(entry, now)) entries.delete(id);
      }
      models[name] = Object.fromEntries(entries);
    }
    return { version: 1, models };
  }

  #model(name: string): Map<string, Entry> {
    let model = this.#models.get(name);
    if (!model) {
      model = new Map();
      this.#models.set(name, model);
    }
    return model;
  }

  #findWhere(name: string, predicate: (payload: AdapterPayload) => boolean): AdapterPayload | undefined {
    const now = Date.now();
    for (const entry of this.#model(name).values()) {
      if (isLive(entry, now) && predicate(entry.payload)) return structuredClone(entry.payload);
    }
    return undefined;
  }

  /** The oidc-provider adapter for one model (Session, Grant, RefreshToken, ...). */
  adapterFor(name: string): Adapter {
    const model = this.#model(name);
    const save = () => this.#writer.save();
    return {
      upsert: async (id, payload, expiresIn) => {
        model.set(id, {
          payload: structuredClone(payload),
          expiresAt: typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 + CLOCK_TOLERANCE_MS : undefined,
        });
        await save();
      },
      find: async (id) => {
        const entry = model.get(id);
        return entry && isLive(entry, Date.now()) ? structuredClone(entry.payload) : undefined;
      },
      findByUid: async (uid) => this.#findWhere(name, (payload) => payload.uid === uid),
      findByUserCode: async (userCode) => this.#findWhere(name, (payload) => payload.userCode === userCode),
      consume: async (id) => {
        const entry = model.get(id);
        if (entry) {
          entry.payload.consumed = Math.floor(Date.now() / 1000);
          await save();
        }
      },
      destroy: async (id) => {
        if (model.delete(id)) await save();
      },
      revokeByGrantId: async (grantId) => {
        let changed = false;
        for (const [modelName, entries] of this.#models) {
          if (!GRANTABLE.has(modelName)) continue;
          for (const [id, entry] of entries) {
            if (entry.payload.grantId === grantId) {
              entries.delete(id);
              changed = true;
            }
          }
        }
        if (changed) await save();
      },
    };
  }

  flush(): Promise<void> {
    return this.#writer.flush();
  }
}
