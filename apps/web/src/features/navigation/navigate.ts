/**
 * Navigation for code outside React (the error catalogue's please-login flow). The app registers the
 * router's navigate function once mounted; until then, or when the router is not rendered (the
 * maintenance page), a full page load does it.
 */
export type NavigateFn = (href: string, options: { replace: boolean }) => void;

let registered: NavigateFn | null = null;

/** Registers the router's navigation; answers the function that unregisters it. */
export function registerNavigate(navigate: NavigateFn): () => void {
  registered = navigate;
  return () => {
    if (registered === navigate) registered = null;
  };
}

/** Goes to an app href such as `/m/login?go=%2Fm%2Fgame`. */
export function navigateTo(
  href: string,
  options: { replace?: boolean } = {},
  win: { location: Pick<Location, 'assign' | 'replace'> } = window,
): void {
  const replace = options.replace ?? false;
  if (registered) {
    registered(href, { replace });
  } else if (replace) {
    win.location.replace(href);
  } else {
    win.location.assign(href);
  }
}
