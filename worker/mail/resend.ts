import * as z from "zod";
import { ACCOUNT_MESSAGES } from "../../contract/messages";
import { ApiError } from "../errors";
import { parseJsonOrUndefined } from "../lib/text";
import { log } from "../observability/log";
import type { Mailer } from "./mailer";

// Resend's send call (https://resend.com/docs/api-reference/emails/send-email): POST {base}/emails with a
// Bearer API key, answered {id}; failures answer {statusCode, name, message}. One call needs no SDK.

export interface ResendConfig {
  baseUrl: string;
  apiKey: string;
  from: string;
}

/** Resend's settings; null when no API key is configured (local runs). */
export function resendConfig(env: Env): ResendConfig | null {
  // An optional secret: wrangler types only the required ones.
  const apiKey = (env as { MAIL_API_KEY?: string }).MAIL_API_KEY;
  if (!apiKey) return null;
  return { baseUrl: env.MAIL_API_BASE_URL.replace(/\/+$/, ""), apiKey, from: env.MAIL_FROM };
}

const sentSchema = z.object({ id: z.string() });
const TIMEOUT_MS = 10_000;

export function resendMailer(config: ResendConfig): Mailer {
  return {
    async send(message) {
      let response: Response;
      try {
        response = await fetch(`${config.baseUrl}/emails`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${config.apiKey}`,
            "content-type": "application/json",
            "idempotency-key": message.idempotencyKey,
          },
          body: JSON.stringify({
            from: config.from,
            to: [message.to],
            subject: message.subject,
            text: message.text,
            html: message.html,
          }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        log("warn", "mail_provider_unreachable", { error });
        throw new ApiError("mail_failed", ACCOUNT_MESSAGES.mailFailed);
      }
      const answer = await response.text();
      if (!response.ok || !sentSchema.safeParse(parseJsonOrUndefined(answer)).success) {
        log("warn", "mail_provider_refused", { status: response.status, answer });
        throw new ApiError("mail_failed", ACCOUNT_MESSAGES.mailFailed);
      }
    },
  };
}
