// The entry of a worker thread whose module is TypeScript source (under tsx or jest), given as the
// worker's first argument. On Node 20 tsx's ESM hooks do not reach a worker's entry module, but its
// require hook does: so the entry is this CommonJS file, which requires the module (piscina loads task
// modules the same way).
require(process.argv[2]);
