import { and, eq, sql } from "drizzle-orm";
import type { RevokedKeyOfAccount, User } from "../../contract/api";
import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from "../../contract/messages";
import { sha256Base64Url } from "../auth/crypto";
import { hashPassword } from "../auth/password";
import { type Db, getDb } from "../db/client";
import {
  apiKeys,
  customDomains,
  emailTokens,
  memberships,
  sessions,
  splitTests,
  users,
  webhookEndpoints,
  workspaces,
} from "../db/schema";
import { ApiError } from "../errors";
import type { Background } from "../lib/background";
import { mailerFor, sendInBackground } from "../mail/mailer";
import { accountExistsEmail, passwordResetEmail, verificationEmail } from "../mail/templates";
import { log } from "../observability/log";
import {
  type Account,
  accountOf,
  assertStrongPassword,
  passwordMatches,
  revokeOtherSessions,
  signUp,
} from "./auth";
import {
  consumeEmailToken,
  consumeEmailTokenWithPassword,
  issueEmailToken,
  openEmailToken,
  retireEmailTokens,
  type SignUpProof,
} from "./email-tokens";
import { limitMail } from "./limits";
import { endReach, revokeKeys } from "./member-reach";
import { trafficMembersChanged } from "./traffic-rules";
import { secondFactorRemoval } from "./two-factor";
import { anotherOwnerOf, membershipsOf, removeWorkspaces, workspaceNameFor } from "./workspaces";

const verifyLink = (origin: string, token: string) => `${origin}/verify-email?token=${token}`;
const resetLink = (origin: string, token: string) => `${origin}/reset-password?token=${token}`;

/** Sign-up's verification email, sent after the answer: a slow or failing provider does not fail sign-up. */
export async function sendVerificationEmail(
  env: Env,
  ctx: Background,
  user: User,
  origin: string,
  proof: SignUpProof = {},
) {
  const token = await issueEmailToken(getDb(env.DB), user.id, "verify_email", proof);
  sendInBackground(env, ctx, {
    ...verificationEmail(user.email, verifyLink(origin, token)),
    idempotencyKey: token,
  });
}

/**
 * Sign-up without an invitation to this email. It ends the same way whether or not the email has an
 * account (the password is hashed and the account's rows written, or refused by the unique email, either
 * way), and the mailbox learns which: a new account gets the link that finishes sign-up; an existing one
 * another verification link while unverified, else word that it has an account.
 */
export async function signUpByEmail(
  env: Env,
  ctx: Background,
  input: { email: string; password: string; currency: string | null },
  origin: string,
  browser: string,
  requester: string,
): Promise<void> {
  assertStrongPassword(input.password);
  const browserHash = await sha256Base64Url(browser);
  // Each sign-up sends a mail: no one floods a mailbox, whether or not it has an account.
  await limitMail(env, "signup", input.email, requester);
  const db = getDb(env.DB);
  let newUser: User | null = null;
  try {
    newUser = (await signUp(db, input.email, input.password, input.currency, false)).user;
  } catch (error) {
    if (!(error instanceof ApiError && error.code === "user_already_exists")) throw error;
  }
  ctx.waitUntil(
    (async () => {
      if (newUser) return sendVerificationEmail(env, ctx, newUser, origin, { browserHash });
      const existing = await db
        .select({ id: users.id, emailVerifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.email, input.email))
        .get();
      if (!existing) return;
      // Whoever made the unverified account may not be this mailbox's owner: the link of a sign-up again
      // sets this sign-up's password, and only the link does.
      if (existing.emailVerifiedAt === null)
        return sendVerificationEmail(env, ctx, { id: existing.id, email: input.email }, origin, {
          browserHash,
          passwordHash: await hashPassword(input.password),
        });
      sendInBackground(env, ctx, {
        ...accountExistsEmail(input.email, `${origin}/login`),
        idempotencyKey: crypto.randomUUID(),
      });
    })().catch((error: unknown) => log("error", "sign_up_email_failed", { error })),
  );
}

/** 'Resend email' on the banner: waits for the provider, so the user learns whether it went out. */
export async function resendVerificationEmail(env: Env, userId: string, origin: string): Promise<void> {
  const db = getDb(env.DB);
  const account = await accountOf(db, userId);
  if (!account) throw new ApiError("session_missing", AUTH_MESSAGES.sessionMissing);
  if (account.emailVerified) throw new ApiError("already_verified", ACCOUNT_MESSAGES.alreadyVerified);
  const token = await issueEmailToken(db, userId, "verify_email");
  await mailerFor(env).send({
    ...verificationEmail(account.user.email, verifyLink(origin, token)),
    idempotencyKey: token,
  });
}

/**
 * Following the link marks the email verified, in the browser that signed up (`browser`, its sl_signup
 * cookie) or one signed in to the account (`signedInAs`): whoever opens it there knows the password. Opened
 * anywhere else it changes nothing (401 log_in_to_verify): it may be the mailbox's owner following a
 * sign-up someone else made with their email, and the account must neither sign them in nor count as
 * theirs while that someone knows its password. Answers whose it is and whether to sign the browser in
 * (the sign-up's). A sign-up again's link, in its own browser, sets its password and ends every session,
 * API key and second factor of the account from before it, as a reset does.
 */
export async function verifyEmail(
  db: Db,
  token: string,
  from: { browser?: string; signedInAs?: string },
): Promise<{ userId: string; signUpBrowser: boolean }> {
  const { userId, browserHash } = await openEmailToken(db, token, "verify_email");
  const signUpBrowser =
    from.browser !== undefined &&
    browserHash !== null &&
    (await sha256Base64Url(from.browser)) === browserHash;
  if (!signUpBrowser && from.signedInAs !== userId)
    throw new ApiError("log_in_to_verify", ACCOUNT_MESSAGES.logInToVerify);
  const { passwordHash } = await consumeEmailTokenWithPassword(db, token, "verify_email");
  const now = Date.now();
  const verified = db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, userId));
  if (passwordHash && signUpBrowser)
    await db.batch([
      verified,
      db.update(users).set({ passwordHash }).where(eq(users.id, userId)),
      ...secondFactorRemoval(db, userId),
      revokeOtherSessions(db, userId),
      ...revokeKeys(db, eq(apiKeys.userId, userId), "password_reset", now),
    ]);
  else await verified;
  return { userId, signUpBrowser };
}

/** Custom domains need a verified email: they reach Cloudflare and put a hostname on our edge. */
export async function requireVerifiedEmail(db: Db, userId: string): Promise<void> {
  const account = await accountOf(db, userId);
  if (!account?.emailVerified) throw new ApiError("email_not_verified", ACCOUNT_MESSAGES.verifyToAddDomains);
}

/**
 * Sends a reset link if the email has an account. The caller answers the same either way and before this
 * finishes, so neither the answer nor its timing tells whether the account exists.
 */
export function requestPasswordReset(env: Env, ctx: Background, email: string, origin: string): void {
  ctx.waitUntil(
    (async () => {
      const db = getDb(env.DB);
      const row = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
      if (!row) return;
      const token = await issueEmailToken(db, row.id, "reset_password");
      sendInBackground(env, ctx, {
        ...passwordResetEmail(email, resetLink(origin, token)),
        idempotencyKey: token,
      });
    })().catch((error: unknown) => log("error", "password_reset_failed", { error })),
  );
}

/**
 * Sets the new password from a reset link and revokes every session; the link proves the email is the
 * user's, so it is verified too. Answers the account, for the caller to start a fresh session.
 */
export async function resetPassword(
  db: Db,
  token: string,
  password: string,
): Promise<{ account: Account; revokedApiKeys: RevokedKeyOfAccount[] }> {
  assertStrongPassword(password);
  // Hashed first: PBKDF2 is the slow part, and a used link should not stay half-done.
  const passwordHash = await hashPassword(password);
  const userId = await consumeEmailToken(db, token, "reset_password");
  const now = Date.now();
  const revokedApiKeys = await keysOfUser(db, userId);
  const before = await accountOf(db, userId);
  await db.batch([
    db
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
      .where(eq(users.id, userId)),
    // A second factor turned on before anyone proved the mailbox may be a stranger's who signed up with
    // this email: the reset, the first proof, turns it off, or it would lock the mailbox's owner out.
    ...(before?.emailVerified === false ? secondFactorRemoval(db, userId) : []),
    revokeOtherSessions(db, userId),
    // Recovery ends an intruder's access: their sessions above, and any API key they may have made
    // (listed on the reset page and on each workspace's keys card).
    ...revokeKeys(db, eq(apiKeys.userId, userId), "password_reset", now),
    retireEmailTokens(db, userId, "reset_password"),
  ]);
  const account = await accountOf(db, userId);
  if (!account) throw new ApiError("invalid_link", ACCOUNT_MESSAGES.invalidLink);
  return { account, revokedApiKeys };
}

/** The user's API keys, with the name of each one's workspace, before they are revoked. */
function keysOfUser(db: Db, userId: string): Promise<RevokedKeyOfAccount[]> {
  return db
    .select({ name: apiKeys.name, prefix: apiKeys.prefix, workspaceName: workspaceNameFor(userId) })
    .from(apiKeys)
    .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
    .where(eq(apiKeys.userId, userId))
    .orderBy(apiKeys.createdAt);
}

/**
 * Settings: a new password, proven by the current one; every other session is revoked, and every API
 * key of the user's when they chose so (off by default). Answers the keys revoked.
 */
export async function changePassword(
  db: Db,
  userId: string,
  keepSessionId: string,
  input: { currentPassword: string; newPassword: string; revokeApiKeys: boolean },
): Promise<RevokedKeyOfAccount[]> {
  const { currentPassword, newPassword } = input;
  const row = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
  if (!row || !(await passwordMatches(currentPassword, row.hash)))
    throw new ApiError("invalid_password", ACCOUNT_MESSAGES.currentPasswordWrong);
  if (currentPassword === newPassword) throw new ApiError("same_password", ACCOUNT_MESSAGES.samePassword);
  assertStrongPassword(newPassword);
  const now = Date.now();
  const revoked = input.revokeApiKeys ? await keysOfUser(db, userId) : [];
  await db.batch([
    db
      .update(users)
      .set({ passwordHash: await hashPassword(newPassword) })
      .where(eq(users.id, userId)),
    revokeOtherSessions(db, userId, keepSessionId),
    // The current password was just entered: sensitive actions need no other prompt for a while.
    db.update(sessions).set({ passwordAt: now }).where(eq(sessions.id, keepSessionId)),
    retireEmailTokens(db, userId, "reset_password"),
    ...(input.revokeApiKeys ? revokeKeys(db, eq(apiKeys.userId, userId), "password_changed", now) : []),
  ]);
  return revoked;
}

/**
 * Deletes the account. An owner who is the last owner of a shared workspace (one with other members)
 * is refused (409): they transfer ownership or delete that workspace first. Then their workspaces go as
 * a deleted workspace does (`removeWorkspaces`): their own personal one and each other one they are the
 * only member of, with everything in it, but never another user's personal workspace (it is that
 * user's). In the workspaces they share, what they made stays: their tests, domains and webhook
 * endpoints pass to another owner there (the user's row goes, and its rows would go with it), while
 * their API keys there are deleted, as a removed member's keys die. Then, in one batch, what lets them
 * in goes (sessions, email links, memberships), and the user row keeps only an email no one can type,
 * so the address is free at once. The archive cron purges the deleted tests' events,
 * then the workspace rows and the user row (worker/archive/purge.ts).
 */
export async function deleteAccount(env: Env, userId: string, typedEmail: string): Promise<void> {
  const db = getDb(env.DB);
  const account = await accountOf(db, userId);
  if (!account || account.user.email !== typedEmail.trim().toLowerCase())
    throw new ApiError("confirmation_mismatch", ACCOUNT_MESSAGES.confirmEmailMismatch);

  const held = await membershipsOf(db, userId);
  if (held.some((w) => !w.personal && w.role === "owner" && w.otherMembers > 0 && w.otherOwners === 0))
    throw new ApiError("last_owner", ACCOUNT_MESSAGES.lastOwnerOfWorkspace);
  // Another user's personal workspace is theirs: leaving it removes only this user's membership.
  const alone = held
    .filter((w) => w.personal || (w.otherMembers === 0 && !w.othersPersonal))
    .map((w) => w.id);
  // The personal workspace goes even if it was deleted before (it cannot be, but nothing is left behind).
  await removeWorkspaces(env, [...new Set([userId, ...alone])]);

  const handOver = [];
  for (const shared of held.filter((w) => !alone.includes(w.id))) {
    const heir = await anotherOwnerOf(db, shared.id, userId);
    if (!heir) continue;
    const theirs = (table: typeof splitTests | typeof customDomains | typeof webhookEndpoints) =>
      and(eq(table.workspaceId, shared.id), eq(table.userId, userId));
    handOver.push(
      // What only they set up there stops first (their keys noted on the card, webhooks disabled, …).
      ...endReach(db, shared.id, userId, { reason: "member_left", role: null }),
      db.update(splitTests).set({ userId: heir }).where(theirs(splitTests)),
      db.update(customDomains).set({ userId: heir }).where(theirs(customDomains)),
      db.update(webhookEndpoints).set({ userId: heir }).where(theirs(webhookEndpoints)),
    );
  }
  const now = Date.now();
  await db.batch([
    db.delete(apiKeys).where(eq(apiKeys.userId, userId)),
    ...handOver,
    db.delete(sessions).where(eq(sessions.userId, userId)),
    db.delete(emailTokens).where(eq(emailTokens.userId, userId)),
    db.delete(memberships).where(eq(memberships.userId, userId)),
    db
      .update(users)
      .set({ email: `deleted:${userId}`, passwordHash: "", deletedAt: now })
      .where(eq(users.id, userId)),
  ]);
  for (const shared of held.filter((w) => !alone.includes(w.id))) await trafficMembersChanged(env, shared.id);
}
