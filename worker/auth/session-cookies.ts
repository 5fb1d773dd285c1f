import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { isSecureRequest } from "../lib/cookies";
import { ACCESS_TOKEN_TTL_MS, REFRESH_TOKEN_TTL_MS, TWO_FACTOR_CHALLENGE_TTL_MS } from "./tokens";

export const ACCESS_COOKIE = "sl_access";
export const REFRESH_COOKIE = "sl_refresh";
/** Readable by the SPA and holding no secret: it only says a session may exist, so signed-out visitors skip /me. */
export const SIGNED_IN_COOKIE = "sl_signed_in";
// The refresh token is only ever sent to the auth routes.
const REFRESH_PATH = "/api/auth";

export function setAuthCookies(c: Context, tokens: { accessToken: string; refreshToken: string }) {
  const secure = isSecureRequest(new URL(c.req.url));
  setCookie(c, ACCESS_COOKIE, tokens.accessToken, {
    httpOnly: true,
    secure,
    sameSite: "Lax",
    path: "/",
    maxAge: ACCESS_TOKEN_TTL_MS / 1000,
  });
  setCookie(c, REFRESH_COOKIE, tokens.refreshToken, {
    httpOnly: true,
    secure,
    sameSite: "Lax",
    path: REFRESH_PATH,
    maxAge: REFRESH_TOKEN_TTL_MS / 1000,
  });
  setCookie(c, SIGNED_IN_COOKIE, "1", {
    secure,
    sameSite: "Lax",
    path: "/",
    maxAge: REFRESH_TOKEN_TTL_MS / 1000,
  });
}

export function clearAuthCookies(c: Context) {
  const secure = isSecureRequest(new URL(c.req.url));
  deleteCookie(c, ACCESS_COOKIE, { path: "/", secure, httpOnly: true, sameSite: "Lax" });
  deleteCookie(c, REFRESH_COOKIE, { path: REFRESH_PATH, secure, httpOnly: true, sameSite: "Lax" });
  deleteCookie(c, SIGNED_IN_COOKIE, { path: "/", secure, sameSite: "Lax" });
}

/** A login awaiting its second factor (worker/auth/tokens.ts, signTwoFactorChallenge): auth routes only. */
export const TWO_FACTOR_COOKIE = "sl_2fa";

/** An HttpOnly cookie only the routes under `path` receive. */
function setRouteCookie(c: Context, name: string, value: string, path: string, maxAgeMs: number) {
  setCookie(c, name, value, {
    httpOnly: true,
    secure: isSecureRequest(new URL(c.req.url)),
    sameSite: "Lax",
    path,
    maxAge: maxAgeMs / 1000,
  });
}

function clearRouteCookie(c: Context, name: string, path: string) {
  const secure = isSecureRequest(new URL(c.req.url));
  deleteCookie(c, name, { path, secure, httpOnly: true, sameSite: "Lax" });
}

export function setTwoFactorCookie(c: Context, challenge: string) {
  setRouteCookie(c, TWO_FACTOR_COOKIE, challenge, REFRESH_PATH, TWO_FACTOR_CHALLENGE_TTL_MS);
}

export function clearTwoFactorCookie(c: Context) {
  clearRouteCookie(c, TWO_FACTOR_COOKIE, REFRESH_PATH);
}

export function readTwoFactorCookie(c: Context): string | undefined {
  return getCookie(c, TWO_FACTOR_COOKIE);
}

export function readAuthCookies(c: Context) {
  return { accessToken: getCookie(c, ACCESS_COOKIE), refreshToken: getCookie(c, REFRESH_COOKIE) };
}

/**
 * The browser a sign-up came from, the only one its verification link signs in: a random value whose
 * SHA-256 the link's token keeps (migrations/0052_sign_up_browser.sql). Sent to the account routes only.
 */
export const SIGN_UP_COOKIE = "sl_signup";
const SIGN_UP_PATH = "/api/account";

export function setSignUpCookie(c: Context, browser: string, maxAgeMs: number) {
  setRouteCookie(c, SIGN_UP_COOKIE, browser, SIGN_UP_PATH, maxAgeMs);
}

export function readSignUpCookie(c: Context): string | undefined {
  return getCookie(c, SIGN_UP_COOKIE);
}

export function clearSignUpCookie(c: Context) {
  clearRouteCookie(c, SIGN_UP_COOKIE, SIGN_UP_PATH);
}
