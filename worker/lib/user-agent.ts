import { isbot } from "isbot";
import type { DeviceType, OperatingSystem } from "../../contract/rules";
import { cappedHeader, MAX_USER_AGENT } from "./headers";
import { isCardFetcher } from "./preview-fetchers";

// A few regular expressions, not a parser library: the redirect runs them on every visit, and device
// type and operating system are all the rules and the breakdowns need. iPads since iPadOS 13 announce
// themselves as Macs and count as desktops.
const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i;
const MOBILE = /Mobi|iPhone|iPod|Windows Phone|BlackBerry|Opera Mini|IEMobile/i;

function deviceTypeOf(userAgent: string): DeviceType {
  if (TABLET.test(userAgent)) return "tablet";
  if (MOBILE.test(userAgent)) return "mobile";
  return "desktop";
}

/** The operating system, tested most specific first (iOS says "like Mac OS X", Android and ChromeOS say Linux). */
function operatingSystemOf(userAgent: string): OperatingSystem | null {
  if (/iPhone|iPad|iPod/.test(userAgent)) return "ios";
  if (/Android/.test(userAgent)) return "android";
  if (/CrOS/.test(userAgent)) return "chromeos";
  if (/Windows/.test(userAgent)) return "windows";
  if (/Macintosh|Mac OS X/.test(userAgent)) return "macos";
  if (/Linux|X11/.test(userAgent)) return "linux";
  return null;
}

/** What the redirect reads of a user agent: the rules' and breakdowns' device and system, and who sends it. */
export interface AgentFacts {
  readonly device: DeviceType;
  readonly os: OperatingSystem | null;
  /** isbot's verdict: a crawler, a monitor, a script's library. */
  readonly bot: boolean;
  /** An app fetching a posted link for its card (preview-fetchers.ts). */
  readonly cardFetcher: boolean;
}

/**
 * The user agents an isolate has read, with their facts. The browsers of a version and platform send one
 * and the same (Chrome's is reduced to a few forms), so an isolate sees few: each is read once, not on
 * every visit (bench/RESULTS.md §45). Bounded: a client sending a new one each time only empties it, and
 * each of its visits is read as before.
 */
const knownAgents = new Map<string, AgentFacts>();
const MAX_KNOWN_AGENTS = 1_000;

/** The facts of the request's user agent: its first MAX_USER_AGENT characters, "" when it sends none. */
export const agentOf = (request: Request): AgentFacts =>
  agentFactsOf(cappedHeader(request.headers, "user-agent", MAX_USER_AGENT) ?? "");

function agentFactsOf(userAgent: string): AgentFacts {
  const known = knownAgents.get(userAgent);
  if (known) return known;
  const facts: AgentFacts = {
    device: deviceTypeOf(userAgent),
    os: operatingSystemOf(userAgent),
    bot: isbot(userAgent),
    cardFetcher: isCardFetcher(userAgent),
  };
  if (knownAgents.size >= MAX_KNOWN_AGENTS) knownAgents.clear();
  knownAgents.set(userAgent, facts);
  return facts;
}
