// Types of node-flags.mjs for the TypeScript that reads it (the benches, the launch test).

/** The node flags the api process runs with, wherever it is started. */
export const API_NODE_FLAGS: readonly string[];
