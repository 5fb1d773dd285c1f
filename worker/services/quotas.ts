import { QUOTA_MESSAGES } from "../../contract/messages";
import { type QuotaKind, WORKSPACE_QUOTAS } from "../../contract/quotas";
import { ApiError } from "../errors";

/** Refuses one more of a kind when the workspace already holds its quota: 409 `quota_reached`. */
export function assertBelowQuota(kind: QuotaKind, held: number): void {
  const limit = WORKSPACE_QUOTAS[kind];
  if (held >= limit) throw new ApiError("quota_reached", QUOTA_MESSAGES[kind](limit), undefined, limit);
}
