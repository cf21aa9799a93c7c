/** The restaurant's dragon seal. Decorative: the link around it carries the accessible name. */
export function Logo({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="30" fill="#a3160f" stroke="#efbc25" strokeWidth="3" />
      <path
        d="M18 40c4-10 12-6 14-14 2-7-4-10-8-8 6-6 18-3 18 7 0 9-9 11-9 16 0 3 3 5 7 4-5 5-13 4-15-1-1 4-4 6-7 6 2-2 2-5 0-10z"
        fill="#efbc25"
      />
      <circle cx="37" cy="22" r="1.8" fill="#a3160f" />
    </svg>
  );
}
