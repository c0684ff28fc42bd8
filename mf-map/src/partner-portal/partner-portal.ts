// The partner-portal demo: a page outside Paddock that embeds the farm map. It does what a host does
// for a remote: provides the federation runtime (the remote is built to borrow it), then loads
// `mf_map/embed` from the remoteEntry beside this page.
import * as federationRuntimeCore from '@module-federation/runtime-tools/runtime-core';
import type { createFarmMap, FarmMapInstance } from '../embed';

interface EmbedModule {
  createFarmMap: typeof createFarmMap;
}

// Where a remote built with `externalRuntime` looks for the runtime (as the host's provideExternalRuntime sets it).
Object.assign(globalThis, { _FEDERATION_RUNTIME_CORE: federationRuntimeCore });

const DEFAULT_API_URL = 'http://localhost:4000/v2';

const form = document.getElementById('connect') as HTMLFormElement;
const mapElement = document.getElementById('farm-map') as HTMLElement;
const eventsList = document.getElementById('events') as HTMLOListElement;

function log(text: string) {
  const item = document.createElement('li');
  item.textContent = text;
  eventsList.append(item);
}

let embedModule: Promise<EmbedModule> | null = null;

/** The federation runtime is imported only after the global above is set: it reads it when it starts. */
function loadEmbed(): Promise<EmbedModule> {
  embedModule ??= import('@module-federation/enhanced/runtime').then(async ({ createInstance }) => {
    const federation = createInstance({
      name: 'partner_portal',
      remotes: [{ name: 'mf_map', entry: new URL('remoteEntry.js', document.baseURI).href }],
    });
    const module = await federation.loadRemote<EmbedModule>('mf_map/embed');
    if (!module) throw new Error('mf_map/embed did not load');
    return module;
  });
  return embedModule;
}

/** Settings from the address: ?apiUrl=&farmId=&mode= and #token= (a fragment never reaches a server). */
function prefill() {
  const query = new URLSearchParams(window.location.search);
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const field = (name: string) =>
    form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  field('apiUrl').value = query.get('apiUrl') ?? DEFAULT_API_URL;
  field('farmId').value = query.get('farmId') ?? '';
  field('mode').value = query.get('mode') === 'view' ? 'view' : 'select';
  field('token').value = fragment.get('token') ?? '';
}

let current: FarmMapInstance | null = null;

async function show() {
  const data = new FormData(form);
  const token = String(data.get('token') ?? '').trim();
  const farmId = String(data.get('farmId') ?? '').trim();
  const apiUrl = String(data.get('apiUrl') ?? '').trim();
  const mode = data.get('mode') === 'view' ? 'view' : 'select';
  current?.destroy();
  eventsList.replaceChildren();
  try {
    const { createFarmMap } = await loadEmbed();
    current = createFarmMap(mapElement, { farmId, apiUrl, mode, getToken: async () => token });
    current.on('ready', ({ farmName, fieldCount }) =>
      log(`ready: ${farmName}, ${fieldCount} ${fieldCount === 1 ? 'field' : 'fields'}`),
    );
    current.on('error', ({ message, status }) => log(`error ${status}: ${message}`));
    current.on('select', ({ fields }) =>
      log(
        `select: ${fields.length ? fields.map((f) => `${f.properties.field_name} (${f.properties.area.toFixed(2)} ha)`).join(', ') : 'nothing'}`,
      ),
    );
  } catch (error) {
    log(`error: the Paddock map could not be loaded (${error instanceof Error ? error.message : 'unknown'})`);
  }
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void show();
});

prefill();
if (form.checkValidity()) void show();
