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

/** The login page's address that comes back to `path` afterwards. */
export function loginPathFor(path: string): string {
  return `/login?${new URLSearchParams({ next: path })}`;
}

/** The sign-up tab from an invitation's page: the invited email filled in, the link's token sent with it. */
export function invitedSignUpPath(path: string, invitation: { token: string; email: string }): string {
  const params = { next: path, tab: "signup", invitation: invitation.token, email: invitation.email };
  return `/login?${new URLSearchParams(params)}`;
}

/** The invitation a sign-up came from (invitedSignUpPath), if any. */
export function useSignUpInvitation(): { token: string; email: string } | null {
  const [params] = useSearchParams();
  const token = params.get("invitation");
  return token ? { token, email: params.get("email") ?? "" } : null;
}
