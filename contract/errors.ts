// The API's error codes and the status each answers with. No zod and nothing of contract/api/: the
// Worker's ApiError reads ERROR_STATUS at startup, which loads no API schema (docs/architecture.md,
// "Loading on demand"); the error body's schema is in contract/api/errors.ts.

/**
 * Every machine-readable code an API error can carry, and the HTTP status it always answers with: the
 * code decides the status, so one code never answers two statuses (`new ApiError(code, message)`).
 */
export const ERROR_STATUS = {
  already_member: 409,
  already_owner: 409,
  already_verified: 409,
  api_key_invalid: 401,
  api_key_missing: 401,
  bad_request: 400,
  cloudflare_error: 502,
  cloudflare_unreachable: 502,
  confirmation_mismatch: 422,
  currency_locked: 409,
  domain_not_usable: 422,
  domain_taken: 409,
  email_not_verified: 403,
  email_unverified: 403,
  forbidden: 403,
  hostname_not_found: 404,
  idempotency_key_reused: 422,
  internal_error: 500,
  invalid_credentials: 400,
  invalid_domain: 400,
  invalid_input: 400,
  invalid_link: 400,
  log_in_to_verify: 401,
  invalid_password: 400,
  invalid_refresh_token: 401,
  invalid_session: 400,
  invalid_signature: 400,
  invalid_two_factor_code: 400,
  invitation_gone: 410,
  invitation_pending: 409,
  last_owner: 409,
  mail_failed: 502,
  mail_not_configured: 503,
  misconfigured: 500,
  no_session: 404,
  not_found: 404,
  outside_attribution_window: 422,
  personal_workspace: 409,
  quota_reached: 409,
  rate_limited: 429,
  reauth_required: 403,
  rules_locked: 409,
  same_password: 422,
  secret_retired: 422,
  session_missing: 401,
  slack_disabled: 409,
  slug_taken: 409,
  test_completed: 409,
  too_large: 413,
  too_many_members: 409,
  too_many_workspaces: 409,
  two_factor_enabled: 409,
  two_factor_not_set_up: 409,
  two_factor_required: 403,
  webhook_disabled: 409,
  unknown_session: 422,
  user_already_exists: 422,
  weak_password: 422,
  wrong_invitee: 403,
} as const satisfies Record<string, 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 500 | 502 | 503>;

/** A closed set, so a misspelt code does not compile. */
export type ErrorCode = keyof typeof ERROR_STATUS;
export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

/** Every API error answers with this body (its schema: `apiErrorSchema` in contract/api/errors.ts). */
export type ApiErrorBody = {
  error: {
    code: ErrorCode;
    message: string;
    reasons?: string[];
    limit?: number;
    requestId: string;
  };
};
