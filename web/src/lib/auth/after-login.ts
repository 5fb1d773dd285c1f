import { useSearchParams } from "react-router-dom";

/**
 * Where to go once signed in: the `next` parameter a page sent the visitor to /login with (the
 * invitation page), if it is a path of this app; else the dashboard. Never another site's address.
 */
export function useAfterLoginPath(): string {
  return afterLoginPath(useSearchParams()[0].get("next"));
}

/**
 * `next` when it is a path of this app; else the dashboard. `//host` and `/\\host` lead elsewhere, and
 * so does `/<tab>/host` (URL parsing drops tabs and line breaks): no whitespace at all.
 */
const APP_PATH = /^\/(?![/\\])\S*$/;
export function afterLoginPath(next: string | null): string {
  return next && APP_PATH.test(next) ? next : "/dashboard";
}

/** The login page's address that comes back to `path` afterwards; `signup` opens its sign-up tab. */
export function loginPathFor(path: string, signup = false): string {
  const params = new URLSearchParams({ next: path });
  if (signup) params.set("tab", "signup");
  return `/login?${params}`;
}
