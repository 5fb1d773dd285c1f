import { and, eq, gt, isNull, ne } from "drizzle-orm";
import type { User } from "../../contract/api";
import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from "../../contract/messages";
import { PERSONAL_WORKSPACE_NAME, RECENT_PASSWORD_MS } from "../../contract/workspaces";
import { sha256Base64Url } from "../auth/crypto";
import { hashPassword, verifyPassword, weakPasswordReasons } from "../auth/password";
import { ACCESS_TOKEN_TTL_MS, REFRESH_TOKEN_TTL_MS, signAccessToken } from "../auth/tokens";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { memberships, sessions, users, workspaces } from "../db/schema";
import { ApiError } from "../errors";
import { randomToken } from "../lib/base64url";

/** A user and whether they have proved they own their email. */
export interface Account {
  user: User;
  emailVerified: boolean;
}

export interface IssuedSession extends Account {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: number;
}

const invalidRefresh = () => new ApiError("invalid_refresh_token", AUTH_MESSAGES.invalidRefreshToken);

/** Sign-up's strength rules, for every new password. */
export function assertStrongPassword(password: string): void {
  const reasons = weakPasswordReasons(password);
  if (reasons.length > 0) throw new ApiError("weak_password", AUTH_MESSAGES.weakPassword, reasons);
}

/**
 * A new user and their personal workspace, in the currency the app chose from their browser's locale.
 * `emailVerified` when the sign-up came with proof of the mailbox (the token of an invitation to it).
 */
export async function signUp(
  db: Db,
  email: string,
  password: string,
  currency: string | null = null,
  emailVerified = false,
): Promise<Account> {
  assertStrongPassword(password);
  const user = { id: crypto.randomUUID(), email };
  const createdAt = Date.now();
  const siteKey = newSiteKey();
  try {
    // The user, and their personal workspace (whose id is theirs) with them as its owner.
    await db.batch([
      db.insert(users).values({
        ...user,
        passwordHash: await hashPassword(password),
        createdAt,
        emailVerifiedAt: emailVerified ? createdAt : null,
      }),
      db.insert(workspaces).values({
        id: user.id,
        name: PERSONAL_WORKSPACE_NAME,
        personalUserId: user.id,
        siteKey,
        currency,
        createdAt,
      }),
      db.insert(memberships).values({ workspaceId: user.id, userId: user.id, role: "owner", createdAt }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ApiError("user_already_exists", AUTH_MESSAGES.emailTaken);
    }
    throw error;
  }
  return { user, emailVerified };
}

/** The public key of an account's site tag: 24 hex characters, as migrations/0017_site_tag.sql makes them. */
export function newSiteKey(): string {
  return [...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// Hashing a dummy password for unknown emails keeps the answer time the same,
// so timing does not tell whether an email has an account.
const DUMMY_HASH = "pbkdf2_sha256$100000$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

/** Checks a password against the stored hash, taking as long for an unknown user as for a known one. */
export function passwordMatches(password: string, storedHash: string | undefined): Promise<boolean> {
  return verifyPassword(password, storedHash ?? DUMMY_HASH);
}

export async function logIn(db: Db, email: string, password: string): Promise<Account> {
  const row = await db.select().from(users).where(eq(users.email, email)).get();
  const valid = await passwordMatches(password, row?.passwordHash);
  if (!row || !valid) throw new ApiError("invalid_credentials", AUTH_MESSAGES.invalidCredentials);
  return toAccount(row);
}

function toAccount(row: { id: string; email: string; emailVerifiedAt: number | null }): Account {
  return { user: { id: row.id, email: row.email }, emailVerified: row.emailVerifiedAt !== null };
}

/** The account as stored now; null once it is deleted. */
export async function accountOf(db: Db, userId: string): Promise<Account | null> {
  const row = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .get();
  return row ? toAccount(row) : null;
}

/**
 * The account of a session that is still live; null once the session is revoked (log out, a password
 * change or reset elsewhere) or the account deleted, so a reloaded page signs out at once instead of
 * when its access token expires.
 */
export async function liveSessionAccount(db: Db, sessionId: string): Promise<Account | null> {
  const row = await db
    .select({ id: users.id, email: users.email, emailVerifiedAt: users.emailVerifiedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .get();
  return row ? toAccount(row) : null;
}

async function issue(
  secret: string,
  { user, emailVerified }: Account,
  sessionId: string,
  refreshSecret: string,
): Promise<IssuedSession> {
  const accessExpiresAt = Date.now() + ACCESS_TOKEN_TTL_MS;
  return {
    user,
    emailVerified,
    accessToken: await signAccessToken(secret, { user, sessionId }, accessExpiresAt),
    refreshToken: `${sessionId}.${refreshSecret}`,
    accessExpiresAt,
  };
}

/** A new session, started by entering the password (sign-up, login, a reset): it counts as recent. */
export async function startSession(db: Db, jwtSecret: string, account: Account): Promise<IssuedSession> {
  const sessionId = crypto.randomUUID();
  const refreshSecret = randomToken();
  const now = Date.now();
  await db.insert(sessions).values({
    id: sessionId,
    userId: account.user.id,
    refreshTokenHash: await sha256Base64Url(refreshSecret),
    expiresAt: now + REFRESH_TOKEN_TTL_MS,
    createdAt: now,
    passwordAt: now,
  });
  return issue(jwtSecret, account, sessionId, refreshSecret);
}

/**
 * Trades a refresh token for a new pair. The secret the session had before its last rotation, used
 * again, means the token leaked: the whole session is revoked. A secret that was never valid only
 * fails: knowing a session id is not enough to sign its owner out.
 */
export async function rotateSession(db: Db, jwtSecret: string, refreshToken: string): Promise<IssuedSession> {
  const [sessionId, presentedSecret] = refreshToken.split(".");
  if (!sessionId || !presentedSecret) throw invalidRefresh();

  const row = await db
    .select({ session: sessions, email: users.email, emailVerifiedAt: users.emailVerifiedAt })
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
    .set({ refreshTokenHash: await sha256Base64Url(nextSecret), previousRefreshTokenHash: presentedHash })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.refreshTokenHash, presentedHash),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  if (rotated.length === 0) {
    if (presentedHash === row.session.previousRefreshTokenHash) await revokeSession(db, sessionId);
    throw invalidRefresh();
  }
  const account = toAccount({
    id: row.session.userId,
    email: row.email,
    emailVerifiedAt: row.emailVerifiedAt,
  });
  return issue(jwtSecret, account, sessionId, nextSecret);
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

/**
 * Revokes every session of the user but the one given: after a password change or reset, a stolen session
 * stops refreshing (its access token lives out its last minutes).
 */
export function revokeOtherSessions(db: Db, userId: string, keepSessionId?: string) {
  return db
    .update(sessions)
    .set({ revokedAt: Date.now() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    );
}

/** Checks the user's password; a wrong one answers 400 `invalid_password`. */
export async function assertPassword(db: Db, userId: string, password: string): Promise<void> {
  const row = await db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .get();
  if (!(await passwordMatches(password, row?.hash)))
    throw new ApiError("invalid_password", ACCOUNT_MESSAGES.currentPasswordWrong);
}

/** POST /api/auth/reauth: the password entered again, which sensitive actions accept for 10 minutes. */
export async function reauthenticate(
  db: Db,
  userId: string,
  sessionId: string,
  password: string,
): Promise<number> {
  await assertPassword(db, userId, password);
  const now = Date.now();
  await db.update(sessions).set({ passwordAt: now }).where(eq(sessions.id, sessionId));
  return now + RECENT_PASSWORD_MS;
}

/** Whether the session's password was entered within the last 10 minutes. */
export async function passwordIsRecent(db: Db, sessionId: string, now = Date.now()): Promise<boolean> {
  const row = await db
    .select({ at: sessions.passwordAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .get();
  return row?.at != null && row.at > now - RECENT_PASSWORD_MS;
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
