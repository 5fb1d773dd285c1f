import { and, eq, gt, isNull } from "drizzle-orm";
import { ACCOUNT_MESSAGES } from "../../contract/messages";
import { sha256Base64Url } from "../auth/crypto";
import type { Db } from "../db/client";
import { type EmailTokenPurpose, emailTokens } from "../db/schema";
import { ApiError } from "../errors";
import { randomToken } from "../lib/base64url";

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

/** What a verification link carries besides its user: see migrations/0052_sign_up_browser.sql. */
export interface SignUpProof {
  browserHash?: string | null;
  passwordHash?: string | null;
}

/** A new single-use token for the link of an email; only its hash is stored. */
export async function issueEmailToken(
  db: Db,
  userId: string,
  purpose: EmailTokenPurpose,
  proof: SignUpProof = {},
): Promise<string> {
  const token = randomToken();
  const now = Date.now();
  await db.insert(emailTokens).values({
    id: crypto.randomUUID(),
    userId,
    browserHash: proof.browserHash ?? null,
    passwordHash: proof.passwordHash ?? null,
    purpose,
    tokenHash: await sha256Base64Url(token),
    expiresAt: now + EMAIL_TOKEN_TTL_MS[purpose],
    createdAt: now,
  });
  return token;
}

export const invalidLink = () => new ApiError("invalid_link", ACCOUNT_MESSAGES.invalidLink);

/**
 * Marks the token used and answers whose it is. Unknown, tampered, expired, already used or of another
 * purpose all answer the same. One conditional update, so two uses of one link cannot both win.
 */
export async function consumeEmailToken(db: Db, token: string, purpose: EmailTokenPurpose): Promise<string> {
  return (await consumeEmailTokenWithPassword(db, token, purpose)).userId;
}

/** A token that still works (not used, not expired, of this purpose), by its hash. */
const usable = async (token: string, purpose: EmailTokenPurpose, now: number) =>
  and(
    eq(emailTokens.tokenHash, await sha256Base64Url(token)),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, now),
  );

/** Whose a link is and the browser it was sent for, without using it up; invalid as consumeEmailToken says. */
export async function openEmailToken(
  db: Db,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<{ userId: string; browserHash: string | null }> {
  const open = await db
    .select({ userId: emailTokens.userId, browserHash: emailTokens.browserHash })
    .from(emailTokens)
    .where(await usable(token, purpose, Date.now()))
    .get();
  if (!open) throw invalidLink();
  return open;
}

/** consumeEmailToken, answering the password a sign-up again's link carries too (null for any other). */
export async function consumeEmailTokenWithPassword(
  db: Db,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<{ userId: string; passwordHash: string | null }> {
  const now = Date.now();
  const [used] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(await usable(token, purpose, now))
    .returning({ userId: emailTokens.userId, passwordHash: emailTokens.passwordHash });
  if (!used) throw invalidLink();
  return used;
}

/** Makes every open link of this purpose unusable (a used reset link, a changed password). */
export function retireEmailTokens(db: Db, userId: string, purpose: EmailTokenPurpose) {
  return db
    .update(emailTokens)
    .set({ usedAt: Date.now() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}
