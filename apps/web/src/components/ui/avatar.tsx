import { useUploadObjectUrl } from '../../lib/use-upload-object-url';
import { AvatarFrame, initialsOf, type AVATAR_SIZES, type AvatarPerson } from './avatar-frame';

export { initialsOf, type AvatarPerson };

type AvatarProps = {
  person: AvatarPerson;
  size?: keyof typeof AVATAR_SIZES;
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
  return (
    <AvatarFrame size={size} className={className} label={label}>
      {person.profilePicture ? (
        <Picture uploadId={person.profilePicture} initials={initialsOf(person)} />
      ) : (
        initialsOf(person)
      )}
    </AvatarFrame>
  );
}

function Picture({ uploadId, initials }: { uploadId: string; initials: string }) {
  const { url } = useUploadObjectUrl(uploadId);
  if (!url) return <>{initials}</>;
  return <img src={url} alt="" data-testid="avatar-image" className="h-full w-full object-cover" />;
}
