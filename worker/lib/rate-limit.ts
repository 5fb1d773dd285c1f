import { AUTH_MESSAGES } from "../../contract/messages";
import { ApiError } from "./errors";

/** Sign-up and login attempts are limited per client IP and per email. */
export async function limitAuthAttempts(env: Env, clientIp: string, email: string): Promise<void> {
  const [byIp, byEmail] = await Promise.all([
    env.AUTH_IP_LIMITER.limit({ key: `ip:${clientIp}` }),
    env.AUTH_EMAIL_LIMITER.limit({ key: `email:${email}` }),
  ]);
  if (!byIp.success || !byEmail.success) throw new ApiError(429, "rate_limited", AUTH_MESSAGES.rateLimited);
}
