import { useUploadObjectUrl } from '../../lib/use-upload-object-url';
import { cn } from '../../lib/cn';

const SIZES = { sm: 'h-8 w-8 text-xs', md: 'h-10 w-10 text-sm', lg: 'h-20 w-20 text-2xl' } as const;

export type AvatarPerson = { firstName: string; lastName: string; profilePicture?: string | null };

export const initialsOf = (person: Pick<AvatarPerson, 'firstName' | 'lastName'>) =>
  `${person.firstName.trim().charAt(0)}${person.lastName.trim().charAt(0)}`.toUpperCase() || '?';

type AvatarProps = {
  person: AvatarPerson;
  size?: keyof typeof SIZES;
  className?: string;
  /** Decorative by default (a name is shown beside it); give a label where the picture stands alone. */
  label?: string;
};

/**
 * A person's picture (an upload with purpose profile_picture, fetched with the token), or their
 * initials while it loads, when there is none, or when it cannot be read. For the top bar, the user
 * menu, conversations and vendor cards.
 */
export function Avatar({ person, size = 'sm', className, label }: AvatarProps) {
  const frame = cn(
    'flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-700 font-semibold text-white',
    SIZES[size],
    className,
  );
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  return (
    <span className={frame} {...a11y}>
      {person.profilePicture ? (
        <Picture uploadId={person.profilePicture} initials={initialsOf(person)} />
      ) : (
        initialsOf(person)
      )}
    </span>
  );
}

function Picture({ uploadId, initials }: { uploadId: string; initials: string }) {
  const { url } = useUploadObjectUrl(uploadId);
  if (!url) return <>{initials}</>;
  return <img src={url} alt="" data-testid="avatar-image" className="h-full w-full object-cover" />;
}
