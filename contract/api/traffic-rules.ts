import * as z from "zod";
import { TRAFFIC_RULES_MESSAGES as M } from "../messages/traffic";
import {
  BLOCK_TYPES,
  MAX_BLOCK_RULES,
  MAX_BLOCK_VALUE,
  MAX_INTERNAL_ADDRESSES,
  parseRange,
  referrerHostOf,
} from "../traffic";
import { blockRuleProblem } from "../traffic-problems";

// A workspace's traffic rules (issue #47): GET/PUT /api/v1/workspace/traffic-rules and
// /api/workspaces/{id}/traffic-rules. What is left out shows in each test's trafficQuality.

const addressOrRange = z
  .string()
  .trim()
  .max(49, M.invalidAddress("…"))
  .refine((value) => parseRange(value) !== null, { error: (issue) => M.invalidAddress(String(issue.input)) });

const blockRuleSchema = z
  .object({
    type: z
      .enum(BLOCK_TYPES)
      .describe("address (an IP or CIDR range), asn, userAgent (a part of it) or referrer (a host)"),
    value: z.string().trim().min(1, M.valueMissing).max(MAX_BLOCK_VALUE, M.valueTooLong),
  })
  .superRefine((rule, ctx) => {
    const problem = blockRuleProblem(rule);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["value"] });
  })
  // A referrer is kept as the host it names (no scheme, path or www.).
  .transform((rule) => (rule.type === "referrer" ? { ...rule, value: referrerHostOf(rule.value) } : rule));

export const trafficRulesSchema = z.object({
  internal: z
    .array(addressOrRange)
    .max(MAX_INTERNAL_ADDRESSES, M.tooManyInternal)
    .default([])
    .describe(
      `Your own people's IP addresses and CIDR ranges (IPv4 or IPv6, at most ${MAX_INTERNAL_ADDRESSES}): their visits and conversions are not counted (reason internal).`,
    ),
  blocked: z
    .array(blockRuleSchema)
    .max(MAX_BLOCK_RULES, M.tooManyBlocked)
    .default([])
    .describe(
      `Sources whose visits and conversions are not counted (reason blocked), at most ${MAX_BLOCK_RULES}: an address or range, an ASN, a user-agent substring (any case), a referrer host (and its subdomains).`,
    ),
  machineTraffic: z
    .boolean()
    .default(true)
    .describe(
      "Leave out visits from hosting and cloud providers' networks (reason datacenter). On by default.",
    ),
});
export type TrafficRulesInput = z.input<typeof trafficRulesSchema>;

export const trafficRulesResponseSchema = z.object({
  internal: z.array(z.string()),
  blocked: z.array(z.object({ type: z.enum(BLOCK_TYPES), value: z.string() })),
  machineTraffic: z.boolean(),
});
export type TrafficRulesResponse = z.output<typeof trafficRulesResponseSchema>;
