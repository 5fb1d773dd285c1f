import { describe, expect, it } from "vitest";
import { isHttpUrl } from "../../contract/urls";
import { csvLine } from "../../worker/lib/csv";
import { eventId } from "../../worker/lib/event-id";
import { isAppHost } from "../../worker/lib/hosts";
import { splitLinkFor } from "../../worker/lib/links";
import { generateSlug } from "../../worker/lib/slug";
import { buildDestination, chooseVariant } from "../../worker/redirect/variant";
import { pickWinner } from "../../worker/statistics/summary";

const link = {
  id: "t1",
  urlA: "https://a.example/",
  urlB: "https://b.example/",
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
    expect(pickWinner(0, 0)).toBeNull();
    expect(pickWinner(5, 5)).toBe("tie");
    expect(pickWinner(5, 4.9)).toBe("A");
    expect(pickWinner(0, 0.1)).toBe("B");
  });
});

describe("variant choice", () => {
  it("keeps a returning visitor's variant and draws 50/50 for a new one", () => {
    expect(chooseVariant(link, "B", () => 0)).toBe("B");
    expect(chooseVariant(link, "garbage", () => 0.49)).toBe("A");
    expect(chooseVariant(link, undefined, () => 0.5)).toBe("B");
  });
  it("sends everyone to the winner of a completed test and to A while paused", () => {
    expect(chooseVariant({ ...link, status: "completed", winnerVariant: "B" }, "A")).toBe("B");
    expect(chooseVariant({ ...link, status: "paused" }, "B")).toBe("A");
  });
});

describe("the destination", () => {
  it("keeps its own query, adds the visitor's parameters and sets sessionId and variant", () => {
    const incoming = new URLSearchParams("utm_source=news&ref=visitor&sessionId=forged&variant=B");
    const url = new URL(buildDestination("https://shop.example/p?ref=own#top", incoming, "sess-1", "A"));
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

describe("event ids", () => {
  it("are UUIDv7: unique, and in the order of their time", () => {
    const earlier = eventId(Date.UTC(2026, 0, 1));
    const later = eventId(Date.UTC(2026, 0, 1, 0, 0, 0, 1));
    expect(earlier).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(earlier < later).toBe(true);
    expect(eventId(0)).not.toBe(eventId(0));
    expect(eventId(Date.UTC(2026, 0, 1)).slice(0, 13)).toBe(earlier.slice(0, 13));
  });
});
