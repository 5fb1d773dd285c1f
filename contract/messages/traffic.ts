import { MAX_BLOCK_RULES, MAX_BLOCK_VALUE, MAX_INTERNAL_ADDRESSES } from "../traffic";

/** A workspace's traffic rules: the API's refusals and the Settings card. */
export const TRAFFIC_RULES_MESSAGES = {
  title: "Traffic rules",
  intro:
    "Visits and conversions these rules match still reach your pages but are not counted; the test's Traffic quality shows how many were left out, and why.",
  internalLabel: "Internal addresses",
  internalHint: "One IP address or CIDR range a line (IPv4 or IPv6), e.g. 203.0.113.0/24.",
  blockedLabel: "Blocked sources",
  blockedHint:
    "One a line as type: value — address: 198.51.100.7 or a range, asn: 64500, userAgent: a part of it, referrer: spam.example",
  machineTrafficLabel: "Leave out machine traffic",
  machineTrafficHint:
    "Visits from hosting and cloud networks. Privacy relays (iCloud Private Relay, WARP) carry people and always count.",
  membersNote:
    "Your team's own clicks on the app's own links (not on a custom domain), while signed in, are never counted.",
  save: "Save traffic rules",
  saved: "Traffic rules saved",
  saveFailed: "The traffic rules could not be saved. Please try again.",
  loadFailed: "The traffic rules could not be loaded.",
  invalidAddress: (value: string) => `“${value}” is not an IP address or CIDR range`,
  tooManyInternal: `At most ${MAX_INTERNAL_ADDRESSES} internal addresses`,
  tooManyBlocked: `At most ${MAX_BLOCK_RULES} blocked sources`,
  valueTooLong: `A blocked source's value is at most ${MAX_BLOCK_VALUE} characters`,
  valueMissing: "A blocked source needs a value",
  invalidAsn: (value: string) => `“${value}” is not an ASN (a number such as 64500 or AS64500)`,
  invalidReferrer: (value: string) => `“${value}” is not a host name such as spam.example`,
  invalidBlockLine: (line: string) =>
    `“${line}”: write type: value, the type one of address, asn, userAgent, referrer`,
} as const;
