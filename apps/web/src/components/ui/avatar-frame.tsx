import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

// Apart from avatar.tsx (which fetches pictures): the top bar's stand-in for the user menu shows the
// initials before the picture code has loaded (lib/deferred-part.tsx).

export const AVATAR_SIZES = {
  sm: 'h-8 w-8 text-xs',
  md: 'h-10 w-10 text-sm',
  lg: 'h-20 w-20 text-2xl',
} as const;

export type AvatarPerson = { firstName: string; lastName: string; profilePicture?: string | null };

export const initialsOf = (person: Pick<AvatarPerson, 'firstName' | 'lastName'>) =>
  `${person.firstName.trim().charAt(0)}${person.lastName.trim().charAt(0)}`.toUpperCase() || '?';

/** The round frame of an avatar, with a11y: decorative unless `label` names it. */
export function AvatarFrame({
  size = 'sm',
  className,
  label,
  children,
}: {
  size?: keyof typeof AVATAR_SIZES;
  className?: string;
  label?: string;
  children: ReactNode;
}) {
  const frame = cn(
    'flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-700 font-semibold text-white',
    AVATAR_SIZES[size],
    className,
  );
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  return (
    <span className={frame} {...a11y}>
      {children}
    </span>
  );
}
