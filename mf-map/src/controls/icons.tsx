/** Line icons of the map's controls; decorative only (each control carries its own accessible name). */
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
} as const;

export type IconName = keyof typeof shapes;

export function Icon({ name, size = 18 }: { name: IconName; size?: number }) {
  const dot = name === 'more';
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={dot ? 3.2 : 1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={shapes[name]} />
    </svg>
  );
}
