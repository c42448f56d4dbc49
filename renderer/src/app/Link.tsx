import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { href, navigate } from './router';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string };

/** An ordinary link (open in new tab still works) that navigates in place on a plain click. */
export function Link({ to, onClick, ...rest }: Props) {
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={href(to)} onClick={handle} {...rest} />;
}
