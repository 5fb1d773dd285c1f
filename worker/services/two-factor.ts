import { and, eq, isNull, lt, or } from "drizzle-orm";
import { TWO_FACTOR_MESSAGES } from "../../contract/messages";
import { sha256Base64Url } from "../auth/crypto";
import { open, seal } from "../auth/secret-box";
import { matchingTotpStep, newTotpSecret, TOTP_DIGITS, TOTP_STEP_SECONDS } from "../auth/totp";
import type { Db } from "../db/client";
import { recoveryCodes, users } from "../db/schema";
import { ApiError } from "../errors";

// Two-factor sign-in (issue #45, point 4): a TOTP secret per user, enabled once a code from it is
// typed, and ten single-use recovery codes.

const SECRET_LABEL = "splitlink/totp-secret";
const ISSUER = "SplitLink";
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

const codeWrong = () => new ApiError("invalid_two_factor_code", TWO_FACTOR_MESSAGES.codeWrong);

function stateOf(db: Db, userId: string) {
  return db
    .select({ secret: users.totpSecret, enabledAt: users.totpEnabledAt, lastStep: users.totpLastStep })
    .from(users)
    .where(eq(users.id, userId))
    .get();
}

export async function twoFactorEnabled(db: Db, userId: string): Promise<boolean> {
  return ((await stateOf(db, userId))?.enabledAt ?? null) !== null;
}

/** A new secret for the user's app, kept sealed until a code from it enables it; refused while enabled. */
export async function setUpTwoFactor(db: Db, jwtSecret: string, user: { id: string; email: string }) {
  if (await twoFactorEnabled(db, user.id))
    throw new ApiError("two_factor_enabled", TWO_FACTOR_MESSAGES.alreadyEnabled);
  const secret = newTotpSecret();
  await db
    .update(users)
    .set({ totpSecret: await seal(jwtSecret, SECRET_LABEL, secret), totpLastStep: null })
    .where(eq(users.id, user.id));
  const label = encodeURIComponent(`${ISSUER}:${user.email}`);
  const otpauthUrl = `otpauth://totp/${label}?secret=${secret}&issuer=${ISSUER}&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_STEP_SECONDS}`;
  return { secret, otpauthUrl };
}

/** Ten recovery codes like `k7mq2-x9tdw`: 50 bits each, no letters that read alike. */
function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

const normalisedRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Enables the secret set up, once a code from it proves the app has it; answers the recovery codes. */
export async function enableTwoFactor(db: Db, jwtSecret: string, userId: string, code: string) {
  const state = await stateOf(db, userId);
  if (state?.enabledAt != null) throw new ApiError("two_factor_enabled", TWO_FACTOR_MESSAGES.alreadyEnabled);
  const secret = state?.secret ? await open(jwtSecret, SECRET_LABEL, state.secret) : null;
  if (!secret) throw new ApiError("two_factor_not_set_up", TWO_FACTOR_MESSAGES.notSetUp);
  const step = await matchingTotpStep(secret, code, Date.now(), null);
  if (step === null) throw codeWrong();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((c) => sha256Base64Url(normalisedRecoveryCode(c))));
  await db.batch([
    db.update(users).set({ totpEnabledAt: Date.now(), totpLastStep: step }).where(eq(users.id, userId)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash }))),
  ]);
  return { recoveryCodes: codes };
}

/**
 * Turns two-factor sign-in off (the route asks for a recent password); the secret and recovery codes
 * are gone.
 */
export async function disableTwoFactor(db: Db, userId: string): Promise<void> {
  await db.batch(secondFactorRemoval(db, userId));
}

/** The statements that turn a user's second factor off, for a batch of the caller's. */
export function secondFactorRemoval(db: Db, userId: string) {
  return [
    db
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(users.id, userId)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
  ] as const;
}

/**
 * The second factor of a sign-in: a code of the user's app (each works once: a step at or before the
 * last accepted one is refused) or an unused recovery code, which is then used up. 400 otherwise.
 */
export async function checkSecondFactor(db: Db, jwtSecret: string, userId: string, code: string) {
  const state = await stateOf(db, userId);
  if (state?.enabledAt == null || !state.secret) throw codeWrong();
  if (/^\d{6}$/.test(code)) {
    const secret = await open(jwtSecret, SECRET_LABEL, state.secret);
    const step = secret ? await matchingTotpStep(secret, code, Date.now(), state.lastStep) : null;
    if (step === null) throw codeWrong();
    // Only if no other request took this step (or a later one) in between.
    const taken = await db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    if (taken.length === 0) throw codeWrong();
    return;
  }
  const codeHash = await sha256Base64Url(normalisedRecoveryCode(code));
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: Date.now() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ userId: recoveryCodes.userId });
  if (used.length === 0) throw codeWrong();
}
