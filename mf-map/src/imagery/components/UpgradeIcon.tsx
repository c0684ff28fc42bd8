/** The mark of a calculation that needs Advanced (spec 1 §4.4: locked calculations show a premium icon). */
export function UpgradeIcon({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={16}
      height={16}
      role="img"
      aria-label="Advanced"
      focusable="false"
    >
      <title>Advanced</title>
      <path
        d="M3 18h18l-2-10-5 4-2-7-2 7-5-4z"
        fill="#c98a1b"
        stroke="#8a5d0f"
        strokeWidth="1.2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
