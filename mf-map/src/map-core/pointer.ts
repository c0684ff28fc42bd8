/** Whether the user points with a finger (touch words: 'Tap'), from the primary pointer. */
export const touchFirst = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(pointer: coarse)').matches;
