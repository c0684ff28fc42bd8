/**
 * Decorative line icons, one set for every area (hidden from assistive technology: each control or
 * card carries its own name or text).
 */
const shapes = {
  plus: 'M12 5v14M5 12h14',
  minus: 'M5 12h14',
  compass: 'M12 3l4 9h-8zM12 21l-4-9h8z',
  locate: 'M12 19a7 7 0 1 0 0-14 7 7 0 0 0 0 14zm0-4a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM12 2v3m0 14v3M2 12h3m14 0h3',
  ruler: 'M3 17L17 3l4 4L7 21zM7 13l2 2m1-5l2 2m1-5l2 2',
  area: 'M4 7l8-4 8 4v10l-8 4-8-4zM4 7l8 4 8-4m-8 4v10',
  eraser: 'M4 20h16M7 16l9-9 4 4-9 9H7l-3-3 3-3',
  trash: 'M4 7h16M9 7V4h6v3m-8 0l1 13h8l1-13M10 11v6m4-6v6',
  pencil: 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
  back: 'M15 5l-7 7 7 7',
  chevron: 'M6 9l6 6 6-6',
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  draw: 'M4 18l5-12 6 8 5-6M4 18h16',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zm5-2l4.5 4.5',
  layers: 'M12 3l9 5-9 5-9-5zM3 13l9 5 9-5M3 17l9 5 9-5',
  cloud: 'M7 16a4 4 0 0 1-.5-7.97A6 6 0 0 1 18 8a4 4 0 0 1 0 8zM9 19l-1 2m5-2l-1 2m5-2l-1 2',
  pin: 'M12 21s-7-6.2-7-11a7 7 0 1 1 14 0c0 4.8-7 11-7 11zm0-8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  star: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v4m8-4v4',
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  info: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm0-10v6m0-9.5v.5',
  share:
    'M16 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm10 7a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8.6 13.5l4.8 2.9m0-8.8l-4.8 2.9',
  map: 'M9 4L3 6v14l6-2 6 2 6-2V4l-6 2zM9 4v14m6-12v14',
  upload: 'M12 16V4m0 0l-4 4m4-4l4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3',
  users: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 9a7 7 0 0 1 14 0m1-9a3 3 0 1 0 0-6m2 15a6 6 0 0 0-3-5',
  field: 'M4 6l6-2 10 3-2 12-12 1z',
  profile: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0',
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
  learn: 'M4 5h6a2 2 0 0 1 2 2v12a2 2 0 0 0-2-2H4zm16 0h-6a2 2 0 0 0-2 2v12a2 2 0 0 1 2-2h6z',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  cart: 'M7.5 20a1.5 1.5 0 1 0 3 0 1.5 1.5 0 1 0-3 0zm9 0a1.5 1.5 0 1 0 3 0 1.5 1.5 0 1 0-3 0zM2 3h3l2.7 12.1a2 2 0 0 0 2 1.6h7.8a2 2 0 0 0 2-1.5L21 8H6',
  bell: 'M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.9 1.9 0 0 0 3.4 0',
} as const;

export type IconName = keyof typeof shapes;

export function Icon({ name, size = 18, filled = false }: { name: IconName; size?: number; filled?: boolean }) {
  const dot = name === 'more';
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={dot ? 3.2 : 1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={shapes[name]} />
    </svg>
  );
}
