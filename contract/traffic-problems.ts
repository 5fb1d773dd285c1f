import { TRAFFIC_RULES_MESSAGES as M } from "./messages/traffic";
import {
  asnOf,
  type BlockRule,
  isReferrerHost,
  MAX_BLOCK_RULES,
  MAX_BLOCK_VALUE,
  MAX_INTERNAL_ADDRESSES,
  parseRange,
} from "./traffic";

// What is wrong with traffic rules as a person wrote them, in the field's words: one check for the API
// (contract/api/traffic-rules.ts) and the Settings card, which shows it before anything is sent.

/** The internal addresses: too many, or the first that is no IP address or range; null when fine. */
export function internalProblem(addresses: string[]): string | null {
  if (addresses.length > MAX_INTERNAL_ADDRESSES) return M.tooManyInternal;
  const bad = addresses.find((address) => parseRange(address) === null);
  return bad === undefined ? null : M.invalidAddress(bad);
}

/** One blocked source: its value missing, too long, or not of its type; null when fine. */
export function blockRuleProblem(rule: BlockRule): string | null {
  const value = rule.value.trim();
  if (!value) return M.valueMissing;
  if (value.length > MAX_BLOCK_VALUE) return M.valueTooLong;
  if (rule.type === "address" && !parseRange(value)) return M.invalidAddress(value);
  if (rule.type === "asn" && asnOf(value) === null) return M.invalidAsn(value);
  if (rule.type === "referrer" && !isReferrerHost(value)) return M.invalidReferrer(value);
  return null;
}

/** The blocked sources: too many, or the first rule's problem; null when fine. */
export function blockedProblem(rules: BlockRule[]): string | null {
  if (rules.length > MAX_BLOCK_RULES) return M.tooManyBlocked;
  for (const rule of rules) {
    const problem = blockRuleProblem(rule);
    if (problem) return problem;
  }
  return null;
}
