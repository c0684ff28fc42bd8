import { fileURLToPath } from 'node:url';
import { serve } from './server';

await serve({ apiRoot: fileURLToPath(new URL('..', import.meta.url)) });
