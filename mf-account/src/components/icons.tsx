/** Decorative line icons for the cards (hidden from assistive technology: the text says it all). */
const paths = {
  profile: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0',
  upload: 'M12 16V4m0 0l-4 4m4-4l4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3',
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
  learn: 'M4 5h6a2 2 0 0 1 2 2v12a2 2 0 0 0-2-2H4zm16 0h-6a2 2 0 0 0-2 2v12a2 2 0 0 1 2-2h6z',
  check: 'M5 12.5l4.5 4.5L19 7.5',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, size = 24 }: { name: IconName; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={paths[name]} />
    </svg>
  );
}
