import { ACCOUNT_MESSAGES } from "../../contract/messages";
import { ApiError } from "../errors";
import type { Background } from "../lib/background";
import { log } from "../observability/log";
import { outboxEnabled, outboxMailer } from "./outbox";
import { resendConfig, resendMailer } from "./resend";

/** One email. `link` is the action it carries (verify, reset), listed on its own by the local outbox. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  link: string;
  /** The provider sends a message with a key it has seen only once (a retried request sends nothing twice). */
  idempotencyKey: string;
}

export interface Mailer {
  /** Throws an ApiError with a message for the user when the message could not be handed over. */
  send(message: MailMessage): Promise<void>;
}

/**
 * Resend's HTTP API when MAIL_API_KEY is set; else the local outbox when DEV_OUTBOX is on (local runs);
 * else nothing can be sent, which is logged as an error: a deployment without mail is misconfigured.
 */
export function mailerFor(env: Env): Mailer {
  const mailer = transportFor(env);
  return {
    async send(message) {
      refuseHeaderInjection(message);
      await mailer.send(message);
    },
  };
}

/**
 * The last line against a forged header: no address or subject goes out with a line break in it,
 * whatever built it (the templates already build subjects from checked names).
 */
function refuseHeaderInjection(message: MailMessage) {
  if (/[\r\n]/.test(message.to + message.subject)) {
    log("error", "mail_header_refused", { subject: JSON.stringify(message.subject) });
    throw new ApiError("mail_failed", ACCOUNT_MESSAGES.mailFailed);
  }
}

function transportFor(env: Env): Mailer {
  const resend = resendConfig(env);
  if (resend) return resendMailer(resend);
  if (outboxEnabled(env)) return outboxMailer(env.LINKS);
  return {
    async send(message) {
      log("error", "mail_not_configured", { subject: message.subject, fix: "set MAIL_API_KEY" });
      throw new ApiError("mail_not_configured", ACCOUNT_MESSAGES.mailFailed);
    },
  };
}

/** Sends without making the caller wait (or telling it the outcome); a failure is logged. */
export function sendInBackground(env: Env, ctx: Background, message: MailMessage) {
  ctx.waitUntil(
    mailerFor(env)
      .send(message)
      .catch((error: unknown) => {
        if (!(error instanceof ApiError && error.code === "mail_not_configured"))
          log("error", "mail_send_failed", { subject: message.subject, error });
      }),
  );
}
