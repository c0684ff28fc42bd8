/** The conversion worker (run by the route through the worker pool): one upload per task. */
export { convertUpload as default } from './convert';
