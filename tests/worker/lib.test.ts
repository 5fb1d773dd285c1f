import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../bench/workerd/sequential-simulation";
import { matchedRule, type TrafficRules, type TrafficSource } from "../../contract/traffic";
import { isHttpUrl } from "../../contract/urls";
import { fromBase64Url, toBase64Url } from "../../worker/lib/base64url";
import { addressGroupOf } from "../../worker/lib/client-ip";
import { csvLine } from "../../worker/lib/csv";
import { isAppHost } from "../../worker/lib/hosts";
import { clickId, eventId, newTestId, timeOrderedUuid } from "../../worker/lib/ids";
import { splitLinkFor } from "../../worker/lib/links";
import { onDemand } from "../../worker/lib/on-demand";
import { generateSlug } from "../../worker/lib/slug";
import { agentOf } from "../../worker/lib/user-agent";
import {
  bucketOf,
  buildDestination,
  chooseVariant,
  fnv1a32,
  positionAt,
} from "../../worker/redirect/variant";
import { pickLeader } from "../../worker/statistics/summary";
import { isPrivateHost, webhookUrlProblem } from "../../worker/webhooks/url-policy";

const link = {
  id: "t1",
  variants: [
    { url: "https://a.example/", weight: 50 },
    { url: "https://b.example/", weight: 50 },
  ],
  status: "active" as const,
  winnerVariant: null,
};

describe("the split link", () => {
  const test = { slug: "abc123", customSlug: null };
  it("uses the current origin on local and preview hosts", () => {
    expect(splitLinkFor(test, null, new URL("http://localhost:8787/api/tests"), "splitlink.app")).toBe(
      "http://localhost:8787/r/abc123",
    );
    expect(splitLinkFor(test, null, new URL("http://127.0.0.1:8787/x"), "splitlink.app")).toBe(
      "http://127.0.0.1:8787/r/abc123",
    );
    expect(splitLinkFor(test, null, new URL("https://splitlink.me.workers.dev/x"), "splitlink.app")).toBe(
      "https://splitlink.me.workers.dev/r/abc123",
    );
  });
  it("uses https://{APP_HOST} in production", () => {
    expect(splitLinkFor(test, null, new URL("https://www.splitlink.app/api"), "splitlink.app")).toBe(
      "https://splitlink.app/r/abc123",
    );
  });
  it("uses the custom domain and custom path when attached", () => {
    const url = new URL("https://splitlink.app/api");
    expect(splitLinkFor({ slug: "abc123", customSlug: "summer" }, "go.acme.com", url, "splitlink.app")).toBe(
      "https://go.acme.com/summer",
    );
    expect(splitLinkFor(test, "go.acme.com", url, "splitlink.app")).toBe("https://go.acme.com/abc123");
    expect(splitLinkFor(test, "go.acme.localhost", new URL("http://localhost:8787/"), "splitlink.app")).toBe(
      "http://go.acme.localhost:8787/abc123",
    );
  });
});

describe("hosts", () => {
  it("treats the app's own, local, IP and preview hosts as the app; anything else as a custom domain", () => {
    for (const host of ["splitlink.app", "localhost", "127.0.0.1", "x.workers.dev"])
      expect(isAppHost(host, "splitlink.app")).toBe(true);
    for (const host of ["go.acme.com", "go.acme.localhost", "splitlink.app.evil.com"])
      expect(isAppHost(host, "splitlink.app")).toBe(false);
  });
});

describe("the address a visitor's limits count by", () => {
  it("is an IPv4 address itself", () => {
    expect(addressGroupOf("203.0.113.7")).toBe("203.0.113.7");
    expect(addressGroupOf("203.0.113.8")).not.toBe(addressGroupOf("203.0.113.7"));
  });

  it("is an IPv6 address's /64, however the address is written", () => {
    const group = "2001:db8:0:0::/64";
    for (const address of [
      "2001:db8::1",
      "2001:db8:0:0:ffff::2",
      "2001:db8::",
      "2001:0db8:0000:0000:0000:0000:0000:0001",
      "2001:db8:0:0:1:2:3:4",
      "2001:DB8::ABCD",
      "2001:db8::1.2.3.4",
    ])
      expect(addressGroupOf(address), address).toBe(group);
  });

  it("tells /64s apart, wherever the :: falls", () => {
    expect(addressGroupOf("2001:db8:0:1::1")).toBe("2001:db8:0:1::/64");
    expect(addressGroupOf("2001:db8::1:0:0:1")).toBe("2001:db8:0:0::/64");
    expect(addressGroupOf("2001::1:2:3:4")).toBe("2001:0:0:0::/64");
    expect(addressGroupOf("2001::1:2:3:4:5")).toBe("2001:0:0:1::/64");
    // A dotted IPv4 tail stands for two groups: the ::'s zeros stop before the fourth group.
    expect(addressGroupOf("2001::1:2:3:1.2.3.4")).toBe("2001:0:0:1::/64");
    expect(addressGroupOf("::1")).toBe("0:0:0:0::/64");
    expect(addressGroupOf("::")).toBe("0:0:0:0::/64");
  });

  it("is an IPv4 address written as IPv6 (::ffff:1.2.3.4) that IPv4 address, not one group for all of them", () => {
    expect(addressGroupOf("::ffff:1.2.3.4")).toBe("1.2.3.4");
    expect(addressGroupOf("::FFFF:5.6.7.8")).toBe("5.6.7.8");
    expect(addressGroupOf("0:0:0:0:0:ffff:1.2.3.4")).toBe("1.2.3.4");
    // Other addresses with a dotted tail are IPv6 addresses like any other.
    expect(addressGroupOf("64:ff9b::1.2.3.4")).toBe("64:ff9b:0:0::/64");
  });

  it("keeps what is not an address apart from addresses, without throwing", () => {
    for (const junk of ["unknown", "", "not an address", ":", ":::", "1::2::3", "x:y:z", "[2001:db8::1]"])
      expect(() => addressGroupOf(junk), junk).not.toThrow();
    expect(addressGroupOf("unknown")).toBe("unknown");
    expect(addressGroupOf("not an address")).toBe("not an address");
    expect(addressGroupOf("x:y:z")).not.toBe(addressGroupOf("::1"));
  });
});

describe("a workspace's traffic rules", () => {
  const source = (address: string, more: Partial<TrafficSource> = {}): TrafficSource => ({
    address,
    asn: null,
    userAgent: "mozilla/5.0",
    referrerHost: null,
    ...more,
  });
  const rules = (more: Partial<TrafficRules>): TrafficRules => ({
    internal: [],
    blocked: [],
    machineTraffic: true,
    ...more,
  });

  it("match an address by its ranges, IPv4 and IPv6, internal before blocked, and nothing by one that does not parse", () => {
    const office = rules({
      internal: ["203.0.113.0/24", "not a range", "2001:db8::/32"],
      blocked: [
        { type: "address", value: "198.51.100.7" },
        { type: "address", value: "2001:db8:ffff::/48" },
        { type: "userAgent", value: "Kiosk" },
      ],
    });
    expect(matchedRule(office, source("203.0.113.42"))).toBe("internal");
    expect(matchedRule(office, source("2001:db8:1::9"))).toBe("internal");
    // In both lists: internal first.
    expect(matchedRule(office, source("2001:db8:ffff::1"))).toBe("internal");
    expect(matchedRule(office, source("198.51.100.7"))).toBe("blocked");
    expect(matchedRule(office, source("198.51.100.8"))).toBeNull();
    expect(matchedRule(office, source("unknown"))).toBeNull();
    expect(matchedRule(office, source("unknown", { userAgent: "a kiosk/2" }))).toBe("blocked");
    expect(matchedRule(rules({}), source("203.0.113.42"))).toBeNull();
  });

  it("follow each rules object the redirect is given: a change is matched by its new ranges", () => {
    const before = rules({ internal: ["203.0.113.0/24"] });
    expect(matchedRule(before, source("203.0.113.42"))).toBe("internal");
    const after = rules({
      internal: ["192.0.2.0/24"],
      blocked: [{ type: "address", value: "203.0.113.0/24" }],
    });
    expect(matchedRule(after, source("203.0.113.42"))).toBe("blocked");
    expect(matchedRule(after, source("192.0.2.1"))).toBe("internal");
    expect(matchedRule(before, source("192.0.2.1"))).toBeNull();
  });
});

describe("what a user agent says", () => {
  const agent = (userAgent?: string) =>
    agentOf(
      new Request(
        "https://app.splitlink.test/r/abc",
        userAgent ? { headers: { "user-agent": userAgent } } : {},
      ),
    );
  const IPHONE =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
  const facts = {
    [IPHONE]: { device: "mobile", os: "ios", bot: false, cardFetcher: false },
    "Googlebot/2.1 (+http://www.google.com/bot.html)": {
      device: "desktop",
      os: null,
      bot: true,
      cardFetcher: false,
    },
    "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)": {
      device: "desktop",
      os: null,
      bot: true,
      cardFetcher: true,
    },
  };

  it("is read the same the first time and every time after, whatever came between", () => {
    for (const [userAgent, expected] of Object.entries(facts)) expect(agent(userAgent)).toEqual(expected);
    // More agents than an isolate keeps: what it kept is let go, and read again alike.
    for (let i = 0; i < 2_500; i++) agent(`Mozilla/5.0 (X11; Linux x86_64) Chrome/${i}.0 Safari/537.36`);
    for (const [userAgent, expected] of Object.entries(facts)) expect(agent(userAgent)).toEqual(expected);
    expect(agent("curl/8.5.0").bot).toBe(true);
    expect(agent()).toEqual({ device: "desktop", os: null, bot: false, cardFetcher: false });
  });

  it("reads only the first 512 characters, as the rules and isbot always have", () => {
    const padded = `${IPHONE}${" ".repeat(600)}Googlebot`;
    expect(agent(padded)).toEqual(facts[IPHONE]);
  });
});

describe("URLs", () => {
  it("accepts absolute http(s) URLs only", () => {
    expect(isHttpUrl("https://example.com/a?b=1")).toBe(true);
    expect(isHttpUrl("http://example.com")).toBe(true);
    for (const bad of [
      "javascript:alert(1)",
      "data:text/html,x",
      "/relative",
      "example.com",
      "ftp://x.y",
      "https://exa mple.com",
    ]) {
      expect(isHttpUrl(bad), bad).toBe(false);
    }
  });
});

describe("auto slugs", () => {
  it("are 6 characters of a-z0-9 and spread over the whole alphabet", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const slug = generateSlug();
      expect(slug).toMatch(/^[a-z0-9]{6}$/);
      for (const char of slug) seen.add(char);
    }
    expect(seen.size).toBe(36);
  });
});

describe("the winner rule", () => {
  it("is null without conversions, tie on equal rates, else the higher rate", () => {
    expect(pickLeader([0, 0])).toBeNull();
    expect(pickLeader([5, 5])).toBe("tie");
    expect(pickLeader([5, 4.9])).toBe("A");
    expect(pickLeader([0, 0.1])).toBe("B");
  });
  it("names the best of any number of variants, and a tie only among the best", () => {
    expect(pickLeader([0, 0, 0])).toBeNull();
    expect(pickLeader([1, 2, 3])).toBe("C");
    expect(pickLeader([3, 1, 3])).toBe("tie");
    expect(pickLeader([1, 1, 2, 0, 0, 0, 0, 0.5])).toBe("C");
  });
});

/** Session ids shaped like the server's (UUIDs), from a seeded generator: the same on every run. */
function seededSessions(count: number, seed = 1): string[] {
  const random = mulberry32(seed);
  const next = () =>
    Math.floor(random() * 4294967296)
      .toString(16)
      .padStart(8, "0");
  return Array.from({ length: count }, () => {
    const hex = next() + next() + next() + next();
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  });
}

describe("variant assignment", () => {
  it("hashes with FNV-1a, 32 bits [IETF draft-eastlake-fnv test vectors]", () => {
    expect(fnv1a32("")).toBe(0x811c9dc5);
    expect(fnv1a32("a")).toBe(0xe40c292c);
    expect(fnv1a32("foobar")).toBe(0xbf9cf968);
  });

  it("maps a bucket to the variant whose cumulative weight first exceeds it", () => {
    const weights = [20, 30, 50];
    expect(positionAt(0, weights)).toBe(0);
    expect(positionAt(0.1999, weights)).toBe(0);
    expect(positionAt(0.2, weights)).toBe(1);
    expect(positionAt(0.4999, weights)).toBe(1);
    expect(positionAt(0.5, weights)).toBe(2);
    expect(positionAt(0.9999999, weights)).toBe(2);
  });

  it("gives a session the same variant of a test every time, and spreads sessions by the weights", async () => {
    const sessions = seededSessions(20_000);
    for (const session of sessions.slice(0, 100)) {
      expect(await chooseVariant(link, session)).toBe(await chooseVariant(link, session));
      expect(bucketOf(session, "t1")).toBeGreaterThanOrEqual(0);
      expect(bucketOf(session, "t1")).toBeLessThan(1);
    }
    const threeWay = {
      ...link,
      variants: [20, 30, 50].map((weight) => ({ url: "https://x.example/", weight })),
    };
    const counts = { A: 0, B: 0, C: 0 } as Record<string, number>;
    for (const session of sessions) {
      const variant = await chooseVariant(threeWay, session);
      counts[variant] = (counts[variant] ?? 0) + 1;
    }
    // 20,000 sessions: one standard deviation of a share is at most 0.35 points, so a hash that
    // spreads well lands well within 1.5 points (seeded: the same sessions on every run).
    expect(Math.abs((counts.A ?? 0) / 200 - 20)).toBeLessThan(1.5);
    expect(Math.abs((counts.B ?? 0) / 200 - 30)).toBeLessThan(1.5);
    expect(Math.abs((counts.C ?? 0) / 200 - 50)).toBeLessThan(1.5);
  });

  it("puts one session in unrelated places of different tests", async () => {
    // With one bucket for every test, a visitor in A of one test would be in A of all of them.
    const sessions = seededSessions(2000, 2);
    let agree = 0;
    for (const session of sessions)
      if (
        (await chooseVariant({ ...link, id: "t1" }, session)) ===
        (await chooseVariant({ ...link, id: "t2" }, session))
      )
        agree += 1;
    expect(agree / sessions.length).toBeGreaterThan(0.45);
    expect(agree / sessions.length).toBeLessThan(0.55);
  });

  it("draws a test with a secret by the secret: the same session, other secrets, unrelated arms, still by the weights", async () => {
    const sessions = seededSessions(4000, 4);
    let agree = 0;
    let onA = 0;
    for (const session of sessions) {
      const first = await chooseVariant({ ...link, bucketSecret: "secret-one" }, session);
      expect(await chooseVariant({ ...link, bucketSecret: "secret-one" }, session)).toBe(first);
      if (first === (await chooseVariant({ ...link, bucketSecret: "secret-two" }, session))) agree += 1;
      if (first === "A") onA += 1;
    }
    // Knowing the session and the test id (all the old public hash needed) tells nothing of the arm.
    expect(agree / sessions.length).toBeGreaterThan(0.45);
    expect(agree / sessions.length).toBeLessThan(0.55);
    expect(onA / sessions.length).toBeGreaterThan(0.47);
    expect(onA / sessions.length).toBeLessThan(0.53);
  });

  it("sends everyone to the winner of a completed test and to A while paused", async () => {
    const [session = ""] = seededSessions(1, 3);
    expect(await chooseVariant({ ...link, status: "completed", winnerVariant: "B" }, session)).toBe("B");
    expect(await chooseVariant({ ...link, status: "paused" }, session)).toBe("A");
  });
});

describe("the destination", () => {
  it("keeps its own query, adds the visitor's parameters and sets sessionId, variant and splitTestId", () => {
    const incoming = new URLSearchParams(
      "utm_source=news&ref=visitor&sessionId=forged&variant=B&splitTestId=other",
    );
    const url = new URL(
      buildDestination("https://shop.example/p?ref=own#top", incoming, "test-1", "sess-1", "A"),
    );
    expect(url.searchParams.getAll("splitTestId")).toEqual(["test-1"]);
    expect(url.searchParams.get("ref")).toBe("own");
    expect(url.searchParams.get("utm_source")).toBe("news");
    expect(url.searchParams.getAll("sessionId")).toEqual(["sess-1"]);
    expect(url.searchParams.getAll("variant")).toEqual(["A"]);
    expect(url.hash).toBe("#top");
  });
});

describe("CSV lines", () => {
  it("quote separators and quotes, and defuse spreadsheet formulas", () => {
    expect(csvLine(["a", 1, true, null])).toBe("a,1,true,\r\n");
    expect(csvLine(['say "hi", then go'])).toBe('"say ""hi"", then go"\r\n');
    expect(csvLine(["=HYPERLINK(1)", "-2", "@x", "+1"])).toBe("'=HYPERLINK(1),'-2,'@x,'+1\r\n");
  });
});

describe("base64url", () => {
  it("is RFC 4648's URL alphabet without padding, and reads back what it wrote, at every length", () => {
    const reference = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replaceAll("+", "-")
        .replaceAll("/", "_")
        .replace(/=+$/, "");
    for (let length = 0; length <= 40; length++) {
      const bytes = crypto.getRandomValues(new Uint8Array(length));
      expect(toBase64Url(bytes)).toBe(reference(bytes));
      expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
    }
    expect(toBase64Url(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe("-_-_");
  });
});

describe("event ids", () => {
  it("are 12 characters of 72 random bits for a conversion or rule visit, none repeated", () => {
    const ids = Array.from({ length: 10_000 }, () => eventId());
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Every character of the alphabet turns up: the bits are spread over all 12 places.
    expect(new Set(ids.join("")).size).toBe(64);
  });

  it("are 8 characters of 48 random bits for a click, none repeated", () => {
    const ids = Array.from({ length: 10_000 }, () => clickId());
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.join("")).size).toBe(64);
  });

  it("are 10 letters and digits for a new test, every one equally likely, none repeated", () => {
    const ids = Array.from({ length: 10_000 }, () => newTestId());
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // 100,000 characters over 62: about 1,613 each (standard deviation 40); a skew like `byte % 62` over
    // all 256 bytes (the first 8 characters 5/4 as likely) would put those near 1,950.
    const counts = new Map<string, number>();
    for (const char of ids.join("")) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(62);
    for (const n of counts.values()) expect(Math.abs(n - 100_000 / 62)).toBeLessThan(200);
  });

  it("are UUIDv7 where others see them (webhooks, Slack), in the order of their time", () => {
    const earlier = timeOrderedUuid(Date.UTC(2026, 0, 1));
    const later = timeOrderedUuid(Date.UTC(2026, 0, 1, 0, 0, 0, 1));
    expect(earlier).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(earlier < later).toBe(true);
    expect(timeOrderedUuid(0)).not.toBe(timeOrderedUuid(0));
    expect(timeOrderedUuid(Date.UTC(2026, 0, 1)).slice(0, 13)).toBe(earlier.slice(0, 13));
    // RFC 9562's layout: the time's 48 bits, version 7 over byte 6, the variant over byte 8.
    const bytes = Uint8Array.from({ length: 16 }, (_, i) => i);
    expect(timeOrderedUuid(Date.UTC(2026, 0, 1), bytes)).toBe("019b76da-a800-7607-8809-0a0b0c0d0e0f");
  });
});

describe("where webhooks may go", () => {
  const hostOf = (url: string) => new URL(url).hostname;

  it.each([
    "https://127.0.0.1/",
    "https://127.1/", // short form
    "https://0x7f000001/", // hex
    "https://017700000001/", // octal
    "https://0.0.0.0/",
    "https://10.0.0.1/",
    "https://172.16.0.1/",
    "https://172.31.255.255/",
    "https://192.168.1.1/",
    "https://100.64.0.1/",
    "https://100.127.255.254/",
    "https://169.254.169.254/",
    "https://198.18.0.1/",
    "https://224.0.0.1/",
    "https://255.255.255.255/",
    "https://[::]/",
    "https://[::1]/",
    "https://[0:0:0:0:0:0:0:1]/",
    "https://[::ffff:127.0.0.1]/",
    "https://[::ffff:a9fe:a9fe]/", // 169.254.169.254, mapped
    "https://[64:ff9b::10.0.0.1]/", // NAT64
    "https://[2002:0a00:0001::]/", // 6to4 of 10.0.0.1
    "https://[::ffff:0:127.0.0.1]/", // IPv4-translated
    "https://[::ffff:0:a00:1]/", // translated, in hex
    "https://[64:ff9b::808:808]/", // NAT64, whatever address it carries
    "https://[64:ff9b:1::a00:1]/", // NAT64 for local use
    "https://[2001::1]/", // Teredo
    "https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/", // Teredo
    "https://[2002:0808:0808::]/", // 6to4, whatever address it carries
    "https://[2001:db8::1]/", // documentation
    "https://[::8.8.8.8]/", // IPv4-compatible (deprecated)
    "https://192.0.2.1/", // TEST-NET-1
    "https://198.51.100.7/", // TEST-NET-2
    "https://203.0.113.9/", // TEST-NET-3
    "https://3221225985/", // 192.0.2.1 as a number
    "https://0xcb.0.0x71.9/", // 203.0.113.9 in hex
    "https://0306.063.0144.07/", // 198.51.100.7 in octal
    "https://127.0.0.1.nip.io/",
    "https://10-0-0-1.sslip.io/",
    "https://0a000001.nip.io/", // 10.0.0.1 in hex
    "https://customer.127.0.0.1.sslip.io/",
    "https://app-192-168-1-1.example.com/", // any wildcard-DNS service
    "https://10.0.0.1.example.com/",
    "https://anything.localtest.me/", // always loopback
    "https://[fc00::1]/",
    "https://[fd00:ec2::254]/",
    "https://[fe80::1]/",
    "https://[ff02::1]/",
    "https://localhost/",
    "https://LOCALHOST./",
    "https://app.localhost/",
    "https://printer.local/",
    "https://metadata.google.internal/",
    "https://router.lan/",
    "https://nas.home.arpa/",
    "https://intranet/",
  ])("refuses %s", (url) => {
    expect(isPrivateHost(hostOf(url))).toBe(true);
    expect(webhookUrlProblem(url, false)).toBe("private");
  });

  it.each([
    "https://example.com/hooks",
    "https://hooks.example.co.uk:8443/x?y=1",
    "https://8.8.8.8/",
    "https://172.32.0.1/",
    "https://100.128.0.1/",
    "https://192.169.0.1/",
    "https://[2606:4700::1111]/",
    "https://[::ffff:8.8.8.8]/",
    "https://[::ffff:0:8.8.8.8]/",
    "https://[2001:4860:4860::8888]/", // 2001:4860::, not Teredo's 2001::/32
    "https://192.0.3.1/",
    "https://198.20.0.1/",
    "https://203.0.114.1/",
    "https://local.example.com/",
    "https://v1-2-3.example.com/",
    "https://2024-01-15.example.com/",
  ])("accepts %s", (url) => {
    expect(isPrivateHost(hostOf(url))).toBe(false);
    expect(webhookUrlProblem(url, false)).toBeNull();
  });

  it("wants https, and allows http only to localhost in development", () => {
    expect(webhookUrlProblem("http://example.com/", false)).toBe("not_https");
    expect(webhookUrlProblem("http://example.com/", true)).toBe("not_https");
    expect(webhookUrlProblem("http://localhost:3000/hook", false)).toBe("not_https");
    expect(webhookUrlProblem("http://localhost:3000/hook", true)).toBeNull();
    expect(webhookUrlProblem("http://127.0.0.1/hook", true)).toBeNull();
    expect(webhookUrlProblem("http://[::1]:8080/hook", true)).toBeNull();
    expect(webhookUrlProblem("http://192.168.1.2/hook", true)).toBe("not_https");
    expect(webhookUrlProblem("https://192.168.1.2/hook", true)).toBeNull();
    expect(webhookUrlProblem("ws://example.com/", false)).toBe("not_https");
  });

  it.each(["example.com", "/hooks", "https://", "https://user:secret@example.com/", "https://exa mple.com/"])(
    "finds %s no URL it can use",
    (url) => {
      expect(webhookUrlProblem(url, true)).toBe("invalid");
    },
  );
});

describe("a module loaded on demand", () => {
  it("is loaded once, and every later call takes the module kept", async () => {
    let loads = 0;
    const load = onDemand(async () => {
      loads += 1;
      return { loadedAs: loads };
    });
    const first = await load();
    const later = await Promise.all([load(), load(), load()]);
    expect(loads).toBe(1);
    expect(later.every((module) => module === first)).toBe(true);
  });

  it("keeps nothing from a load that failed: the next call loads again", async () => {
    let loads = 0;
    const load = onDemand(async () => {
      loads += 1;
      if (loads === 1) throw new Error("the first load fails");
      return { loadedAs: loads };
    });
    await expect(load()).rejects.toThrow("the first load fails");
    expect(await load()).toEqual({ loadedAs: 2 });
    expect(await load()).toEqual({ loadedAs: 2 });
    expect(loads).toBe(2);
  });
});
