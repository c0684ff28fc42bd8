/** Phone width, where the map's panels start folded (the same breakpoint as the page's CSS). */
export const isPhoneWidth = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 640px)').matches;
