import type { AnchorHTMLAttributes } from 'react';
import { Link } from '@/platform/router';
import { useKeptHref } from './keptParams';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An app path under /m/, e.g. "/m/game". */
  to: string;
  replace?: boolean;
};

/** A real `<a href>` for in-app navigation that carries the kept tracking parameters along. */
export function AppLink({ to, replace, ...rest }: Props) {
  const href = useKeptHref(to);
  return <Link to={toRouterPath(href)} replace={replace} {...rest} />;
}

/** Router paths are relative to the /m basename. */
export function toRouterPath(href: string): string {
  return href.startsWith('/m/') ? href.slice(2) : href;
}
