/** Lets the event loop answer other requests (e.g. /health) between two slices of a big piece of work. */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
