import { fileURLToPath } from 'node:url';
import { serve } from './server';
import { confineYoungGenerationCapToMainThread } from './young-generation';

confineYoungGenerationCapToMainThread();
await serve({ apiRoot: fileURLToPath(new URL('..', import.meta.url)) });
