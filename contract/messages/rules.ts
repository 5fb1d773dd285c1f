const OS_NAMES: Record<string, string> = {
  ios: "iOS",
  android: "Android",
  windows: "Windows",
  macos: "macOS",
  linux: "Linux",
  chromeos: "ChromeOS",
};

/** Audience rules: their validation and their summary in words. */
export const RULE_MESSAGES = {
  tooMany: "A test has at most 20 rules",
  conditions: "Each rule needs 1 to 10 conditions",
  conditionType: 'A condition\'s type must be "device", "os", "language", "country", "query" or "referrer"',
  device: 'A device condition\'s value must be "mobile", "tablet" or "desktop"',
  os: 'An operating system condition\'s value must be "ios", "android", "windows", "macos", "linux" or "chromeos"',
  language: 'A language condition\'s value must be a language tag, like "es" or "pt-BR"',
  country: 'A country condition\'s value must be a two-letter country code, like "DE"',
  referrer: 'A referrer condition\'s value must be a host name, like "news.ycombinator.com"',
  queryName: "A query condition needs the parameter's name (no spaces, & = or #)",
  queryValue: "A query condition's value must be 200 characters or fewer",
  action: 'A rule\'s action must be { "type": "redirect", "url": … } or { "type": "experiment" }',
  actionUrl: "A rule that sends visitors to a URL needs a valid http or https URL",
  fallbackUrl: "The fallback URL must be a valid http or https URL",
  fallbackNeeded:
    "With a rule that joins the experiment, set a fallback URL for the visitors who match no rule",
  locked:
    "This test has counted clicks: rules that choose who joins the experiment can no longer change. Rules that only send visitors to a fixed URL still can.",
  frozen:
    "This test has counted clicks: its rules choose who joins the experiment, so they can no longer change.",
  saved: "Rules saved",
  none: "Everyone takes part in the test.",
  fallback: (url: string) => `Visitors who match no rule → ${url}`,
  visits: (count: number) =>
    count === 0 ? "no visits yet" : count === 1 ? "1 visit" : `${count.toLocaleString("en-US")} visits`,
  order:
    "Rules are checked in order on every visit, before the split: the first rule whose conditions all match decides.",
  summary: {
    visitors: "Visitors",
    visitorsOf: (devices: string[]) => `${devices.join(" and ")} visitors`,
    device: (value: string) => ({ mobile: "Mobile", tablet: "Tablet", desktop: "Desktop" })[value] ?? value,
    os: (value: string) => `on ${OS_NAMES[value] ?? value}`,
    language: (value: string) => `speaking ${value}`,
    country: (value: string) => `from ${value.toUpperCase()}`,
    query: (name: string, value?: string) => (value ? `with ?${name}=${value}` : `with ?${name}`),
    referrer: (value: string) => `coming from ${value}`,
    redirect: (who: string, url: string) => `${who} → ${url}`,
    experiment: (who: string) => `${who} → join the experiment`,
  },
  osName: (value: string) => OS_NAMES[value] ?? value,
} as const;
