// The node flags the api process runs with, wherever it is started: `npm start` (scripts/lib/stack.mjs),
// the benches (api/src/bench/api-process.ts), `npm start -w api` and the container (api/Dockerfile).
// launch-flags.test.ts checks that the last two, which cannot import this file, say the same.
//
// --max-semi-space-size=2 (MB): a cap on V8's young generation, so each scavenge copies at most a few
// megabytes of survivors. An import of large boundaries parses a body whose every position survives
// (it is the request): with V8's default, the young generation grows to 16 MB semi-spaces and each
// scavenge of them held the event loop 5-10 ms, so /health waited behind them. With the cap the pauses
// are shorter and more frequent. It is for the main thread only: V8 would apply it to every worker too,
// over their own resourceLimits (zoning ran 1.5× slower), so main.ts clears it before any worker starts.
export const API_NODE_FLAGS = ['--max-semi-space-size=2'];
