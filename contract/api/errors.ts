import * as z from "zod";

/** Every machine-readable code an API error can carry: a closed set, so a misspelt one does not compile. */
export type ErrorCode =
  | "already_member"
  | "already_verified"
  | "api_key_invalid"
  | "api_key_missing"
  | "bad_request"
  | "cloudflare_error"
  | "cloudflare_unreachable"
  | "confirmation_mismatch"
  | "currency_locked"
  | "domain_not_usable"
  | "domain_taken"
  | "email_not_verified"
  | "forbidden"
  | "hostname_not_found"
  | "idempotency_key_reused"
  | "internal_error"
  | "invalid_credentials"
  | "invalid_domain"
  | "invalid_input"
  | "invalid_link"
  | "invalid_password"
  | "invalid_refresh_token"
  | "invalid_session"
  | "invalid_signature"
  | "invalid_two_factor_code"
  | "invitation_gone"
  | "invitation_pending"
  | "last_owner"
  | "mail_failed"
  | "mail_not_configured"
  | "misconfigured"
  | "no_session"
  | "not_found"
  | "outside_attribution_window"
  | "personal_workspace"
  | "quota_reached"
  | "rate_limited"
  | "rules_locked"
  | "same_password"
  | "session_missing"
  | "slug_taken"
  | "test_completed"
  | "too_large"
  | "too_many_members"
  | "two_factor_enabled"
  | "two_factor_not_set_up"
  | "two_factor_required"
  | "too_many_workspaces"
  | "unknown_session"
  | "user_already_exists"
  | "weak_password"
  | "wrong_invitee";

export const apiErrorDetailSchema = z.looseObject({
  code: z.string().describe("A stable machine-readable code, e.g. invalid_input or not_found"),
  message: z.string().describe("A message for people, word for word as the app shows it"),
  reasons: z.array(z.string()).optional().describe("Details, where there are several"),
  limit: z.number().int().optional().describe("For quota_reached: how many the workspace may hold"),
  requestId: z.string().describe("The X-Request-Id of the answer: quote it to find the request in the logs"),
});

/** Every API error answers with this body. `reasons` is set for a weak password. */
export const apiErrorSchema = z.object({ error: apiErrorDetailSchema });
export type ApiErrorBody = { error: z.output<typeof apiErrorDetailSchema> & { code: ErrorCode } };
