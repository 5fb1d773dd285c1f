import { DOMAIN_MESSAGES } from "../../contract/messages";
import type { DomainStatus } from "../db/schema";
import type { HostnameState } from "./provider";

const ACTIVE_HOSTNAME = new Set(["active", "active_redeploying"]);
const FAILED_HOSTNAME = new Set([
  "blocked",
  "pending_blocked",
  "moved",
  "deleted",
  "pending_deletion",
  "test_blocked",
  "test_failed",
]);
const FAILED_SSL = new Set(["expired", "deleted", "pending_deletion", "deactivating", "inactive"]);

/**
 * Cloudflare's hostname and certificate statuses as a domain status. A domain is active only when
 * both are: a link on it must work over https.
 */
export function domainStatusOf(state: Pick<HostnameState, "status" | "sslStatus">): DomainStatus {
  const ssl = state.sslStatus ?? "";
  if (FAILED_HOSTNAME.has(state.status) || FAILED_SSL.has(ssl) || ssl.endsWith("_timed_out")) return "error";
  if (ACTIVE_HOSTNAME.has(state.status) && ssl === "active") return "active";
  // Cloudflare has not started validating yet.
  if (state.status === "pending" && (ssl === "" || ssl === "initializing")) return "new";
  return "pending_validation";
}

/** The specification's status message; the stored message where the specification keeps it. */
export function statusMessage(status: string | null, stored: string | null, fallbackOrigin: string): string {
  switch (status) {
    case "new":
      return DOMAIN_MESSAGES.statusNew(fallbackOrigin);
    case "pending_validation":
      return DOMAIN_MESSAGES.statusPending;
    case "active":
      return DOMAIN_MESSAGES.statusActive;
    case "error":
      return stored || DOMAIN_MESSAGES.statusError;
    case null:
      return stored || DOMAIN_MESSAGES.statusMissing;
    default:
      return stored || DOMAIN_MESSAGES.statusOther;
  }
}

/** What a check leaves as the domain's message: Cloudflare's own complaints when it has any. */
export function checkMessage(state: HostnameState, status: DomainStatus, fallbackOrigin: string): string {
  if (status !== "active" && state.verificationErrors.length > 0) return state.verificationErrors.join(" ");
  return statusMessage(status, null, fallbackOrigin);
}
