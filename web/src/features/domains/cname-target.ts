import type { CustomDomain } from "@contract/api";
import { DOMAIN_MESSAGES } from "@contract/messages";
import type { DomainList } from "@/features/domains/api/list-domains";

/** An example name for the CNAME instruction while the user has no domain waiting for its record. */
export const EXAMPLE_DOMAIN = "go.yourbrand.com";

// The new-domain status message names the host: "Add a CNAME record pointing to {host} to verify ...".
const HOST_MARK = "\u0000";
const STATUS_NEW_TEMPLATE = DOMAIN_MESSAGES.statusNew(HOST_MARK);
const MESSAGE_BEFORE_HOST = STATUS_NEW_TEMPLATE.slice(0, STATUS_NEW_TEMPLATE.indexOf(HOST_MARK));
const MESSAGE_AFTER_HOST = STATUS_NEW_TEMPLATE.slice(
  STATUS_NEW_TEMPLATE.indexOf(HOST_MARK) + HOST_MARK.length,
);

/**
 * The host custom domains CNAME to: the list's `fallbackOrigin`, else the one named in a new domain's
 * status message; null when neither tells.
 */
export function cnameTarget(list: DomainList): string | null {
  if (list.fallbackOrigin) return list.fallbackOrigin;
  for (const { verificationMessage: message } of list.domains) {
    if (message?.startsWith(MESSAGE_BEFORE_HOST) && message.endsWith(MESSAGE_AFTER_HOST)) {
      const host = message.slice(MESSAGE_BEFORE_HOST.length, message.length - MESSAGE_AFTER_HOST.length);
      if (host && !/\s/.test(host)) return host;
    }
  }
  return null;
}

/** The domain the CNAME instruction is written for: the newest one still waiting, else an example. */
export function cnameRecordName(domains: readonly CustomDomain[]): string {
  return domains.find((domain) => domain.status !== "active")?.domain ?? EXAMPLE_DOMAIN;
}

/** One line a DNS provider understands: `CNAME go.yourbrand.com fallback.splitlink.app`. */
export function cnameInstruction(name: string, target: string): string {
  return `CNAME ${name} ${target}`;
}
