import {
  ACCOUNT_MESSAGES,
  API_KEY_MESSAGES,
  AUTH_MESSAGES,
  DOMAIN_MESSAGES,
  QUOTA_MESSAGES,
  WEBHOOK_MESSAGES,
} from "../../contract/messages";
import { WRITES_PER_MINUTE } from "../../contract/quotas";
import { ApiError } from "../errors";
import { addressGroupOf, clientIpOf } from "../lib/client-ip";

/**
 * The address a request's limits count by: an IPv6 client by its /64, which one household or phone
 * holds whole, so changing the low bits of the address does not start the count again.
 */
const addressOf = (headers: Headers) => addressGroupOf(clientIpOf(headers));

/**
 * Sign-up and login attempts are limited per client IP, and per email from that IP: a stranger's
 * guesses from other addresses never lock the owner out of their own login.
 */
export async function limitAuthAttempts(env: Env, headers: Headers, email: string): Promise<void> {
  const clientIp = addressOf(headers);
  const [byIp, byEmail] = await Promise.all([
    env.AUTH_IP_LIMITER.limit({ key: `ip:${clientIp}` }),
    env.AUTH_EMAIL_LIMITER.limit({ key: `email-ip:${email} ${clientIp}` }),
  ]);
  if (!byIp.success || !byEmail.success) throw new ApiError("rate_limited", AUTH_MESSAGES.rateLimited);
}

/** Password changes are limited per user, from any address, like logins: a stolen session cannot guess on. */
export async function limitPasswordChanges(env: Env, userId: string): Promise<void> {
  const { success } = await env.AUTH_EMAIL_LIMITER.limit({ key: `password:${userId}` });
  if (!success) throw new ApiError("rate_limited", AUTH_MESSAGES.rateLimited);
}

/** The most emails SplitLink sends one mailbox in a UTC day at one requester's request. */
export const MAILS_PER_MAILBOX_DAY = 10;

const DAY_MS = 86_400_000;

/**
 * An email someone's request makes SplitLink send (a sign-up, a verification resend, a reset link, an
 * invitation): a few a minute per kind and mailbox, and MAILS_PER_MAILBOX_DAY a day per mailbox and
 * requester (`requesterOf`: the user who asks, else the request's address), so no one floods a mailbox,
 * whether or not it has an account, and no stranger's flood stops the mails its owner asks for.
 */
export async function limitMail(
  env: Env,
  kind: "signup" | "verify" | "reset" | "invite",
  email: string,
  requester: string,
  now = Date.now(),
): Promise<void> {
  const { success } = await env.MAIL_LIMITER.limit({ key: `${kind}:${email}` });
  if (!success) throw new ApiError("rate_limited", ACCOUNT_MESSAGES.mailRateLimited);
  const day = Math.floor(now / DAY_MS);
  const [counted] = await env.DB.batch<{ mails: number }>([
    env.DB.prepare(
      `INSERT INTO mailbox_days (day, email, requester, mails) VALUES (?1, ?2, ?3, 1)
       ON CONFLICT (day, email, requester) DO UPDATE SET mails = mails + 1 RETURNING mails`,
    ).bind(day, email.toLowerCase(), requester),
    env.DB.prepare("DELETE FROM mailbox_days WHERE day < ?1").bind(day),
  ]);
  if ((counted?.results[0]?.mails ?? 0) > MAILS_PER_MAILBOX_DAY)
    throw new ApiError("rate_limited", ACCOUNT_MESSAGES.mailboxFull);
}

/** Who asks for an email: a signed-in user, or a request's address (an IPv6 client by its /64). */
export const requesterOf = (who: { userId: string } | { headers: Headers }) =>
  "userId" in who ? `user:${who.userId}` : `address:${addressOf(who.headers)}`;

/** Reset requests: per client IP like logins, and per email as every email is, so no inbox is flooded. */
export async function limitPasswordResets(env: Env, headers: Headers, email: string): Promise<void> {
  const byIp = await env.AUTH_IP_LIMITER.limit({ key: `reset-ip:${addressOf(headers)}` });
  if (!byIp.success) throw new ApiError("rate_limited", ACCOUNT_MESSAGES.mailRateLimited);
  await limitMail(env, "reset", email, requesterOf({ headers }));
}

/** BEACON_LIMITER's period: when a refused beacon may come again. */
export const BEACON_RETRY_AFTER_SECONDS = 10;

/**
 * Conversion beacons are limited per client address and test: a flood at one test costs at most a
 * queue message per allowed beacon, while the buyers of other tests behind the same carrier or office
 * address go on. A refused beacon is not lost: the tag sends it again later.
 */
export async function beaconAllowed(env: Env, headers: Headers, testId: string): Promise<boolean> {
  const { success } = await env.BEACON_LIMITER.limit({ key: `ip-test:${addressOf(headers)} ${testId}` });
  return success;
}

/** Public API requests are limited per API key, whoever sends them. */
export async function limitApiKey(env: Env, apiKeyId: string): Promise<void> {
  const { success } = await env.API_KEY_LIMITER.limit({ key: `key:${apiKeyId}` });
  if (!success) throw new ApiError("rate_limited", API_KEY_MESSAGES.rateLimited);
}

/**
 * "Send test event" is limited per user, whichever of their endpoints it goes to: each one is a signed
 * POST SplitLink makes at once, so without a limit SplitLink would flood any URL a user names.
 */
export async function limitWebhookTests(env: Env, userId: string): Promise<void> {
  const { success } = await env.WEBHOOK_TEST_LIMITER.limit({ key: `user:${userId}` });
  if (!success) throw new ApiError("rate_limited", WEBHOOK_MESSAGES.testRateLimited);
}

/**
 * Every write of the cookie API (per user) and of the public API (per key) counts against
 * WRITES_PER_MINUTE: no one account floods D1 or the queues, whatever route it writes through.
 */
export async function limitWrites(env: Env, key: string): Promise<void> {
  const { success } = await env.WRITE_LIMITER.limit({ key });
  if (!success) throw new ApiError("rate_limited", QUOTA_MESSAGES.writesRateLimited(WRITES_PER_MINUTE));
}

/**
 * Second-factor codes, like logins: per client IP, and per user from any address (a million codes
 * cannot be tried from many addresses either).
 */
export async function limitSecondFactor(env: Env, headers: Headers, userId: string): Promise<void> {
  const [byIp, byUser] = await Promise.all([
    env.AUTH_IP_LIMITER.limit({ key: `2fa-ip:${addressOf(headers)}` }),
    env.AUTH_EMAIL_LIMITER.limit({ key: `2fa:${userId}` }),
  ]);
  if (!byIp.success || !byUser.success) throw new ApiError("rate_limited", AUTH_MESSAGES.rateLimited);
}

/**
 * Domain checks are limited per user, whichever of their domains: each asks Cloudflare's API, whose
 * account-wide limit the link cache's purges and every customer's domains share.
 */
export async function limitDomainChecks(env: Env, userId: string): Promise<void> {
  const { success } = await env.DOMAIN_CHECK_LIMITER.limit({ key: `user:${userId}` });
  if (!success) throw new ApiError("rate_limited", DOMAIN_MESSAGES.checkRateLimited);
}
