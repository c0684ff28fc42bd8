import { fileURLToPath } from 'node:url';
import { serve } from '../server';
import { topologyProbes } from './topology-probes';

// The api process of the multi-process topology test: the product's own start (`serve`, as
// src/main.ts) plus the probes of topology-probes.ts.
await serve({ apiRoot: fileURLToPath(new URL('../..', import.meta.url)), extraPlugins: [topologyProbes] });
