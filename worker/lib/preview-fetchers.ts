// Apps that fetch a posted link to show its card (a preview), not a person opening it. They fan out: a
// link posted on Mastodon is fetched by every instance that sees the post, each with a GET and/or a HEAD
// (allinurl/goaccess #841; Shlink #1613 counted over 1,000 such visits of one link), and X sends one GET
// and three HEADs (Dub #2309). Left out as `preview` (redirect/visit.ts), with HEAD requests.
//
// Each token as its fetcher names itself in `User-Agent`, read 2026-11-28:
// - `Mastodon/`: `http.rb/5.1.1 (Mastodon/4.2.1; +https://instance/)`, since 4.3 `Mastodon/4.3.0 (http.rb/…)`
//   (mastodon/mastodon #2253, #31192); `Pleroma`, `Akkoma`, `Misskey/`: the other fediverse servers.
// - `facebookexternalhit`: Facebook, Messenger, Instagram, and iMessage's previews
//   (`facebookexternalhit/1.1 Facebot Twitterbot/1.0`); `Twitterbot`: X's cards.
// - `Slackbot-LinkExpanding`, `Discordbot`, `TelegramBot`, `WhatsApp/`, `LinkedInBot`, `SkypeUriPreview`
//   (Microsoft Teams, Skype), `Cardyb` (Bluesky's card service), `redditbot`, `Iframely`, `Embedly`,
//   `vkShare`. Not the apps' own in-app browsers (`FBAN/`, `LinkedInApp`, `Telegram-Android`): people.
const PREVIEW_FETCHERS = [
  "mastodon/",
  "pleroma",
  "akkoma",
  "misskey/",
  "facebookexternalhit",
  "twitterbot",
  "slackbot-linkexpanding",
  "discordbot",
  "telegrambot",
  "whatsapp/",
  "linkedinbot",
  "skypeuripreview",
  "cardyb",
  "redditbot",
  "iframely",
  "embedly",
  "vkshare",
];

/** Whether the user agent is a known fetcher of cards (read once an agent: user-agent.ts `agentOf`). */
export function isCardFetcher(userAgent: string): boolean {
  const agent = userAgent.toLowerCase();
  return PREVIEW_FETCHERS.some((token) => agent.includes(token));
}

/** Whether the request is an app fetching the link for its preview card: a HEAD, or a known fetcher. */
export const isPreviewFetch = (method: string, agent: { cardFetcher: boolean }) =>
  method === "HEAD" || agent.cardFetcher;
