import { jwtVerify, SignJWT } from "jose";
import type { User } from "../../contract/api";

export const ACCESS_TOKEN_TTL_MS = 10 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const ISSUER = "splitlink";

function secretKey(secret: string): Uint8Array {
  if (secret.length < 32) throw new Error("JWT_SECRET must be at least 32 characters");
  return new TextEncoder().encode(secret);
}

export interface AccessClaims {
  user: User;
  sessionId: string;
}

export async function signAccessToken(
  secret: string,
  claims: AccessClaims,
  expiresAt: number,
): Promise<string> {
  return new SignJWT({ email: claims.user.email, sid: claims.sessionId })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.user.id)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(secretKey(secret));
}

/** The claims of a valid, unexpired token; null for anything else. */
export async function verifyAccessToken(
  secret: string,
  token: string,
): Promise<(AccessClaims & { expiresAt: number }) | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(secret), { issuer: ISSUER, algorithms: ["HS256"] });
    const { sub, email, sid, exp } = payload;
    if (typeof sub !== "string" || typeof email !== "string" || typeof sid !== "string" || !exp) return null;
    return { user: { id: sub, email }, sessionId: sid, expiresAt: exp * 1000 };
  } catch {
    return null;
  }
}

/** How long a login that awaits its second factor stays open. */
export const TWO_FACTOR_CHALLENGE_TTL_MS = 5 * 60 * 1000;
const CHALLENGE_AUDIENCE = "splitlink/2fa";

/** A password proved, a second factor still due: names the user only (no session, no email claim). */
export function signTwoFactorChallenge(secret: string, userId: string, expiresAt: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(CHALLENGE_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(secretKey(secret));
}

/** The user of a valid, unexpired challenge; null for anything else (an access token too). */
export async function verifyTwoFactorChallenge(secret: string, token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(secret), {
      issuer: ISSUER,
      audience: CHALLENGE_AUDIENCE,
      algorithms: ["HS256"],
    });
    return typeof payload.sub === "string" ? payload.sub : null;
  } catch {
    return null;
  }
}
