/** Joins class names, skipping falsy values (a small stand-in for clsx). */
export function cn(...values: Array<string | false | null | undefined>): string {
  return values.filter(Boolean).join(' ');
}
