// A password on a link (issue #49 point 3): visitors type it on a page of the link's own host before
// the redirect; the owner sets, changes or removes it with the link's other settings.

/** A link's password is 4 to 100 characters, any characters; it is stored hashed and never answered. */
export const MIN_LINK_PASSWORD = 4;
export const MAX_LINK_PASSWORD = 100;

/** Whether a password the owner typed can be set; the same rule for the API and the forms. */
export function isLinkPassword(password: string): boolean {
  return password.length >= MIN_LINK_PASSWORD && password.length <= MAX_LINK_PASSWORD;
}

/** The name of the password page's field, which its POST sends. */
export const LINK_PASSWORD_FIELD = "password";

/**
 * The cookie that lets a visitor who gave a link's password through, `sl_pw_{testId}`: valid for that
 * link only, until its password changes or this many seconds pass.
 */
export const LINK_PASSWORD_COOKIE_PREFIX = "sl_pw_";
export const LINK_PASSWORD_COOKIE_SECONDS = 30 * 24 * 60 * 60;
