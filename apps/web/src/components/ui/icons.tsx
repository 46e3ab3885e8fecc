import type { SVGProps } from 'react';

/**
 * Small inline stroke icons (24 px grid) so the shell needs no icon package. Decorative by default:
 * the control around an icon carries the accessible name.
 */
function icon(paths: string[]) {
  return function Icon({ className = 'h-5 w-5', ...props }: SVGProps<SVGSVGElement>) {
    return (
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className={className}
        {...props}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

export const HomeIcon = icon(['M3 10.5 12 3l9 7.5', 'M5 9.5V21h14V9.5', 'M10 21v-6h4v6']);
export const PlusIcon = icon(['M12 5v14', 'M5 12h14']);
export const LinkIcon = icon([
  'M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5',
  'M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5',
]);
export const ListIcon = icon(['M8 6h13', 'M8 12h13', 'M8 18h13', 'M3 6h.01', 'M3 12h.01', 'M3 18h.01']);
export const MessageIcon = icon(['M21 12a8 8 0 0 1-11.6 7.1L3 21l1.9-6.4A8 8 0 1 1 21 12Z']);
export const BellIcon = icon(['M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9', 'M10.3 21a1.94 1.94 0 0 0 3.4 0']);
export const WalletIcon = icon([
  'M3 7a2 2 0 0 1 2-2h14v4',
  'M3 7v12a2 2 0 0 0 2 2h16V9H5a2 2 0 0 1-2-2',
  'M17 15h.01',
]);
export const ScaleIcon = icon([
  'M12 3v18',
  'M5 21h14',
  'M3 7h18',
  'M6 7l-3 7a3 3 0 0 0 6 0Z',
  'M18 7l-3 7a3 3 0 0 0 6 0Z',
]);
export const UserIcon = icon(['M20 21a8 8 0 0 0-16 0', 'M12 13a5 5 0 1 0 0-10 5 5 0 0 0 0 10Z']);
export const ShieldIcon = icon(['M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10Z', 'm9 12 2 2 4-4']);
export const HelpIcon = icon([
  'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20Z',
  'M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3',
  'M12 17h.01',
]);
export const LogOutIcon = icon(['M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4', 'm16 17 5-5-5-5', 'M21 12H9']);
export const SettingsIcon = icon([
  'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
  'M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z',
]);
export const CloseIcon = icon(['M18 6 6 18', 'm6 6 12 12']);
export const MinusIcon = icon(['M5 12h14']);
export const ArrowLeftIcon = icon(['m12 19-7-7 7-7', 'M19 12H5']);
export const EyeIcon = icon([
  'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z',
  'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
]);
export const EyeOffIcon = icon([
  'M9.9 4.2A10 10 0 0 1 12 4c6.5 0 10 8 10 8a17 17 0 0 1-2.2 3.2',
  'M6.6 6.6C3.7 8.5 2 12 2 12s3.5 8 10 8a9.7 9.7 0 0 0 5.4-1.6',
  'M14.1 14.1a3 3 0 1 1-4.2-4.2',
  'm2 2 20 20',
]);
export const TruckIcon = icon([
  'M3 6h11v10H3Z',
  'M14 9h4l3 3v4h-7',
  'M7 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z',
  'M17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z',
]);
export const BadgeCheckIcon = icon([
  'M12 2 14.4 4.4 18 4l.4 3.6L21 10l-2 2.5.4 3.5-3.4.6L14 20l-2-1.5L10 20l-2-3.4-3.4-.6.4-3.5L3 10l2.6-2.4L6 4l3.6.4Z',
  'm9 12 2 2 4-4',
]);
export const PercentIcon = icon([
  'M19 5 5 19',
  'M6.5 9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
  'M17.5 20a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
]);
export const PauseIcon = icon(['M8 5v14', 'M16 5v14']);
export const PlayIcon = icon(['M6 4l14 8-14 8Z']);
export const ConsoleIcon = icon(['M4 17l6-6-6-6', 'M12 19h8']);
export const CardIcon = icon(['M3 6h18v12H3Z', 'M3 10h18', 'M7 15h3']);
export const StarIcon = icon(['m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9Z']);
export const PaperclipIcon = icon([
  'm21 11-8.5 8.5a5 5 0 0 1-7-7L14 4a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L15 7',
]);
export const MoreIcon = icon(['M5 12h.01', 'M12 12h.01', 'M19 12h.01']);
