import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigate, prepareNavigation } from './navigation';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** A click the page should handle itself: plain left click, no modifier, no other target. */
const isPlainClick = (event: MouseEvent<HTMLAnchorElement>) =>
  !event.defaultPrevented &&
  event.button === 0 &&
  !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
  (!event.currentTarget.target || event.currentTarget.target === '_self');

/**
 * A link to a page of this app (an absolute path) for code that must not need react-router (the
 * landing page's sections). A plain click navigates in the page through lib/navigation; any other
 * (new tab, modifier keys) is the browser's, as with react-router's Link.
 */
export function Link({ to, onClick, onPointerEnter, onFocus, ...anchor }: LinkProps) {
  return (
    <a
      {...anchor}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate(to);
      }}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        prepareNavigation();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        prepareNavigation();
      }}
    />
  );
}
