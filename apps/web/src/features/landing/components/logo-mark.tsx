/** The product mark, the same shield as favicon.svg. */
export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={className}>
      <rect width="64" height="64" rx="14" fill="#0f766e" />
      <path d="M32 12l16 6v12c0 11-7 19-16 22-9-3-16-11-16-22V18z" fill="#fff" />
      <path
        d="M25 32l5 5 10-11"
        stroke="#0f766e"
        strokeWidth="4"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
