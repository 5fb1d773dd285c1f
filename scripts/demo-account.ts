// The demo account of `npm run demo`: three split tests in different states, with visitors sent
// through the running app's real split links (302s, sticky variants, session cookies) and conversions
// sent as the tracker's beacon sends them, so every number on the dashboard came the real way.
import type { TestWithStats } from "../contract/api.ts";
import { ApiUser, visitorAddress } from "./splitlink-api.ts";

export const DEMO_EMAIL = "demo@example.com";
export const DEMO_PASSWORD = "splitlink demo 2026";

interface DemoTest {
  name: string;
  urlA: string;
  urlB: string;
  conversionUrl: string;
  visitors: number;
  /** Conversions per visitor of each version. */
  rates: { A: number; B: number };
  pause?: boolean;
}

export const DEMO_TESTS: DemoTest[] = [
  {
    name: "Pricing page headline",
    urlA: "https://shop.example/pricing?headline=save-time",
    urlB: "https://shop.example/pricing?headline=save-money",
    conversionUrl: "https://shop.example/thank-you",
    // A verdict needs 100 visitors and 25 conversions per version, and an always-valid interval that
    // leaves 0 even without the winner's 20 top converting addresses (worker/services/analytics.ts):
    // 10 % vs 25 % is clear at 1,000 visitors (worker/statistics/sequential.ts).
    visitors: 1000,
    rates: { A: 0.1, B: 0.25 },
  },
  {
    name: "Spring sale banner",
    urlA: "https://shop.example/spring?banner=photo",
    urlB: "https://shop.example/spring?banner=illustration",
    conversionUrl: "https://shop.example/checkout/done",
    visitors: 80,
    rates: { A: 0.05, B: 0.075 },
  },
  {
    name: "Newsletter sign-up form",
    urlA: "https://blog.example/newsletter?form=short",
    urlB: "https://blog.example/newsletter?form=long",
    conversionUrl: "https://blog.example/newsletter/welcome",
    visitors: 160,
    rates: { A: 0.1, B: 0.07 },
    pause: true,
  },
];

// People on the usual browsers, some arriving from a campaign.
const USER_AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/19.1 Safari/605.1.15",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 19_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/19.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 16; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (X11; Linux x86_64; rv:146.0) Gecko/20100101 Firefox/146.0",
];
const CAMPAIGNS = [
  "",
  "",
  "?utm_source=newsletter&utm_medium=email",
  "?utm_source=instagram&utm_medium=social",
];

interface Visit {
  variant: "A" | "B";
  sessionId: string;
  /** The visitor's address: their conversion comes from it too. */
  address: string;
}

/** One visitor opening the split link; every fifth comes back once with the cookies the first visit set. */
async function visit(link: string, visitor: number): Promise<{ visit: Visit; clicks: number }> {
  const address = visitorAddress(visitor);
  const headers = {
    "user-agent": USER_AGENTS[visitor % USER_AGENTS.length] ?? "",
    "cf-connecting-ip": address,
  };
  const url = `${link}${CAMPAIGNS[visitor % CAMPAIGNS.length]}`;
  const first = await fetch(url, { headers, redirect: "manual" });
  const location = first.headers.get("location");
  if (first.status !== 302 || !location) throw new Error(`${url} answered ${first.status}, not a redirect`);
  const destination = new URL(location);
  const variant = destination.searchParams.get("variant");
  const sessionId = destination.searchParams.get("sessionId");
  if ((variant !== "A" && variant !== "B") || !sessionId) throw new Error(`${url} sent to ${location}`);
  if (visitor % 5 !== 4) return { visit: { variant, sessionId, address }, clicks: 1 };
  const cookie = first.headers
    .getSetCookie()
    .map((set) => set.split(";")[0])
    .join("; ");
  const again = await fetch(url, { headers: { ...headers, cookie }, redirect: "manual" });
  if (again.status !== 302) throw new Error(`${url} answered ${again.status} to a returning visitor`);
  return { visit: { variant, sessionId, address }, clicks: 2 };
}

/**
 * The tracker's beacon from the thank-you page, from the visitor's own address; waits out the
 * per-address limit should it be reached.
 */
async function convert(
  origin: string,
  testId: string,
  { variant, sessionId, address }: Visit,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${origin}/functions/v1/conversions`, {
      method: "POST",
      headers: { "content-type": "text/plain", origin: "https://shop.example", "cf-connecting-ip": address },
      body: JSON.stringify({ splitTestId: testId, sessionId, variant }),
    });
    if (response.status === 202) return;
    if (response.status !== 429 || attempt === 10) {
      throw new Error(`conversion beacon: ${response.status} ${await response.text()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

/** The visitors of one demo test, a few at a time; the share `rates` of each version's visitors convert, a few at a time too. */
async function sendTraffic(origin: string, test: TestWithStats, demo: DemoTest) {
  const visits: Visit[] = [];
  let clicks = 0;
  for (let start = 0; start < demo.visitors; start += 10) {
    const batch = Array.from({ length: Math.min(10, demo.visitors - start) }, (_, i) =>
      visit(`${origin}/r/${test.slug}`, start + i),
    );
    for (const done of await Promise.all(batch)) {
      visits.push(done.visit);
      clicks += done.clicks;
    }
  }
  let conversions = 0;
  for (const variant of ["A", "B"] as const) {
    const ofVariant = visits.filter((v) => v.variant === variant);
    const converting = ofVariant.slice(0, Math.round(ofVariant.length * demo.rates[variant]));
    for (let start = 0; start < converting.length; start += 10)
      await Promise.all(
        converting.slice(start, start + 10).map((converted) => convert(origin, test.id, converted)),
      );
    conversions += converting.length;
  }
  return { clicks, conversions };
}

/** Signs in to the demo account (creating it the first time) and gives it the demo tests afresh. */
export async function createDemoAccount(origin: string, log: (line: string) => void = () => {}) {
  let user: ApiUser;
  try {
    user = await ApiUser.logIn(origin, DEMO_EMAIL, DEMO_PASSWORD);
    log(`Signed in to ${DEMO_EMAIL}`);
  } catch {
    user = await ApiUser.signUp(origin, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    await user.verifyEmail();
    log(`Created ${DEMO_EMAIL} and verified its email through the local outbox`);
  }
  // A second run starts the demo tests over instead of adding copies.
  const { tests } = await user.call<{ tests: TestWithStats[] }>("GET", "/api/tests");
  for (const old of tests.filter((test) => DEMO_TESTS.some((demo) => demo.name === test.name))) {
    await user.call("DELETE", `/api/tests/${old.id}`);
  }
  for (const demo of DEMO_TESTS) {
    const { test } = await user.call<{ test: TestWithStats }>("POST", "/api/tests", {
      name: demo.name,
      urlA: demo.urlA,
      urlB: demo.urlB,
      conversionUrl: demo.conversionUrl,
      // The demo's minutes of traffic stand for weeks of it: its verdicts show at once.
      minimumDays: 0,
    });
    const sent = await sendTraffic(origin, test, demo);
    await user.waitForCounts(test.id, sent);
    if (demo.pause) await user.call("POST", `/api/tests/${test.id}/pause`);
    log(
      `${demo.name}: ${sent.clicks} clicks, ${sent.conversions} conversions${demo.pause ? ", then paused" : ""}`,
    );
  }
  return user;
}
