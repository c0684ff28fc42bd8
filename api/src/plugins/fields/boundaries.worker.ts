/** The boundary worker (run through the worker pool by `createBoundaryInspector`): one request's boundaries per task. */
export { inspectPacked as default } from './boundaries';
