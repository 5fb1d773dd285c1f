import source from "../../web/tag/t.js?raw";

/** What a page sees of the tag once it ran: `window.splitlink`. */
export interface TagApi {
  convert: (options?: Record<string, unknown>) => void;
  sessionId: () => string | null;
  variant: () => string | null;
}

export interface TagPage {
  /** The page's address. */
  url: string;
  /** The script's attributes, `src` included (`attributesOf` reads them from a snippet). */
  attributes: Record<string, string>;
  /** Where the visitor came from; none by default (a split link's redirect, a typed address). */
  referrer?: string;
  /** The site's local storage (the tag's visits, `splitlink:visits`): a new, empty one by default. */
  storage?: Map<string, string>;
  /** The tests GET /t/goals answers (tagPageGoal makes a page goal's fields). */
  goals?: object[];
}

export interface TagRun {
  api: TagApi;
  /** The conversion beacons sent, as JSON. */
  beacons: Record<string, unknown>[];
  /** What the tag said in the console. */
  logged: string[];
  /** Lets the tag's pending promises (the goals, the beacons) run. */
  settle: () => Promise<void>;
}

/** The attributes of a snippet's `<script>`, unescaped as a browser reads them. */
export function attributesOf(snippet: string): Record<string, string> {
  const tag = snippet.match(/<script ([^>]*)>/)?.[1] ?? "";
  const attributes: Record<string, string> = {};
  for (const [, name, value] of tag.matchAll(/([\w-]+)(?:="([^"]*)")?/g)) {
    if (!name) continue;
    attributes[name] = (value ?? "")
      .replaceAll("&quot;", '"')
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">")
      .replaceAll("&amp;", "&");
  }
  return attributes;
}

/** A stored visit of a split link, as the tag keeps it, `splitlink:visits` in the site's storage. */
export function storedVisit(visit: { t: string; v: string; s: string }): Map<string, string> {
  return new Map([["splitlink:visits", JSON.stringify([{ ...visit, a: Date.now(), p: "/landing" }])]]);
}

/** The real web/tag/t.js run on a page faked as far as the tag reads it. */
export async function runTag(page: TagPage): Promise<TagRun> {
  const here = new URL(page.url);
  const beacons: Record<string, unknown>[] = [];
  const logged: string[] = [];
  const storage = page.storage ?? new Map<string, string>();
  const attributes = page.attributes;
  const script = {
    src: attributes.src,
    getAttribute: (name: string) => attributes[name] ?? null,
    hasAttribute: (name: string) => name in attributes,
  };
  const window: Record<string, unknown> = {
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    },
    fetch: async (url: string, init?: { body?: string }) => {
      if (url.includes("/t/goals/")) return { ok: true, json: async () => ({ tests: page.goals ?? [] }) };
      if (url.endsWith("/functions/v1/conversions")) beacons.push(JSON.parse(String(init?.body)));
      return { ok: true, status: 202 };
    },
  };
  const document = {
    currentScript: script,
    cookie: "",
    referrer: page.referrer ?? "",
    querySelectorAll: () => [],
    addEventListener: () => {},
    documentElement: {},
  };
  const location = {
    href: here.href,
    search: here.search,
    pathname: here.pathname,
    host: here.host,
    hostname: here.hostname,
    origin: here.origin,
    protocol: here.protocol,
  };
  // The address bar follows history.replaceState, as the site tag's cleaned address does in a browser.
  const history = {
    state: null,
    replaceState: (_state: unknown, _title: string, address: string) => {
      const next = new URL(address, location.href);
      Object.assign(location, { href: next.href, search: next.search, pathname: next.pathname });
    },
  };
  const console = { info: (text: string) => logged.push(text) };
  new Function("window", "document", "location", "history", "fetch", "navigator", "console", source)(
    window,
    document,
    location,
    history,
    window.fetch,
    {},
    console,
  );
  const settle = async () => {
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  };
  await settle();
  return { api: window.splitlink as TagApi, beacons, logged, settle };
}
