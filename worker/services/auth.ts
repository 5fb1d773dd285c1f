import { and, eq, gt, isNull } from "drizzle-orm";
import type { User } from "../../contract/api";
import { AUTH_MESSAGES } from "../../contract/messages";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { sessions, users } from "../db/schema";
import { randomToken, sha256Base64Url } from "../lib/crypto";
import { ApiError } from "../lib/errors";
import { hashPassword, verifyPassword, weakPasswordReasons } from "../lib/password";
import { ACCESS_TOKEN_TTL_MS, REFRESH_TOKEN_TTL_MS, signAccessToken } from "../lib/tokens";

export interface IssuedSession {
  user: User;
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: number;
}

const invalidRefresh = () => new ApiError(401, "invalid_refresh_token", AUTH_MESSAGES.invalidRefreshToken);

export async function signUp(db: Db, email: string, password: string): Promise<User> {
  const reasons = weakPasswordReasons(password);
  if (reasons.length > 0) throw new ApiError(422, "weak_password", AUTH_MESSAGES.weakPassword, reasons);

  const user = { id: crypto.randomUUID(), email };
  try {
    await db
      .insert(users)
      .values({ ...user, passwordHash: await hashPassword(password), createdAt: Date.now() });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ApiError(422, "user_already_exists", AUTH_MESSAGES.emailTaken);
    }
    throw error;
  }
  return user;
}

// Hashing a dummy password for unknown emails keeps the answer time the same,
// so timing does not tell whether an email has an account.
const DUMMY_HASH = "pbkdf2_sha256$100000$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

export async function logIn(db: Db, email: string, password: string): Promise<User> {
  const row = await db.select().from(users).where(eq(users.email, email)).get();
  const valid = await verifyPassword(password, row?.passwordHash ?? DUMMY_HASH);
  if (!row || !valid) throw new ApiError(400, "invalid_credentials", AUTH_MESSAGES.invalidCredentials);
  return { id: row.id, email: row.email };
}

async function issue(
  secret: string,
  user: User,
  sessionId: string,
  refreshSecret: string,
): Promise<IssuedSession> {
  const accessExpiresAt = Date.now() + ACCESS_TOKEN_TTL_MS;
  return {
    user,
    accessToken: await signAccessToken(secret, { user, sessionId }, accessExpiresAt),
    refreshToken: `${sessionId}.${refreshSecret}`,
    accessExpiresAt,
  };
}

export async function startSession(db: Db, jwtSecret: string, user: User): Promise<IssuedSession> {
  const sessionId = crypto.randomUUID();
  const refreshSecret = randomToken();
  const now = Date.now();
  await db.insert(sessions).values({
    id: sessionId,
    userId: user.id,
    refreshTokenHash: await sha256Base64Url(refreshSecret),
    expiresAt: now + REFRESH_TOKEN_TTL_MS,
    createdAt: now,
  });
  return issue(jwtSecret, user, sessionId, refreshSecret);
}

/**
 * Trades a refresh token for a new pair. A token that was already used (an old one of the
 * session's chain) means it leaked: the whole session is revoked.
 */
export async function rotateSession(db: Db, jwtSecret: string, refreshToken: string): Promise<IssuedSession> {
  const [sessionId, presentedSecret] = refreshToken.split(".");
  if (!sessionId || !presentedSecret) throw invalidRefresh();

  const row = await db
    .select({ session: sessions, email: users.email })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .get();
  if (!row || row.session.revokedAt !== null || row.session.expiresAt < Date.now()) throw invalidRefresh();

  const presentedHash = await sha256Base64Url(presentedSecret);
  const nextSecret = randomToken();
  // Conditional on the current hash, so two uses of one token cannot both win.
  const rotated = await db
    .update(sessions)
    .set({ refreshTokenHash: await sha256Base64Url(nextSecret) })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.refreshTokenHash, presentedHash),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  if (rotated.length === 0) {
    await revokeSession(db, sessionId);
    throw invalidRefresh();
  }
  return issue(jwtSecret, { id: row.session.userId, email: row.email }, sessionId, nextSecret);
}

/**
 * Whether the session is neither revoked nor expired. Checked on every signed-in request, so logout and
 * a detected refresh-token theft end the access tokens of that session too, not only its refresh token.
 */
export async function isSessionLive(db: Db, sessionId: string): Promise<boolean> {
  const row = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, Date.now())))
    .get();
  return row !== undefined;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: Date.now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** The session a refresh token belongs to, only when the token is its current one. */
export async function sessionIdOfRefreshToken(db: Db, refreshToken: string): Promise<string | undefined> {
  const [sessionId, secret] = refreshToken.split(".");
  if (!sessionId || !secret) return undefined;
  const row = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.refreshTokenHash, await sha256Base64Url(secret))))
    .get();
  return row?.id;
}
