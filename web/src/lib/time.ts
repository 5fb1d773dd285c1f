const relativeTimeFormat = new Intl.RelativeTimeFormat("en", { numeric: "always" });

const UNITS: ReadonlyArray<{ unit: Intl.RelativeTimeFormatUnit; milliseconds: number }> = [
  { unit: "year", milliseconds: 365 * 24 * 60 * 60 * 1000 },
  { unit: "month", milliseconds: 30 * 24 * 60 * 60 * 1000 },
  { unit: "week", milliseconds: 7 * 24 * 60 * 60 * 1000 },
  { unit: "day", milliseconds: 24 * 60 * 60 * 1000 },
  { unit: "hour", milliseconds: 60 * 60 * 1000 },
  { unit: "minute", milliseconds: 60 * 1000 },
];

/** "5 minutes ago", "3 days ago" for a past moment given in milliseconds since the epoch. */
export function formatTimeAgo(timestamp: number, now: number = Date.now()): string {
  // A clock slightly ahead of ours would otherwise read "in 2 seconds".
  const elapsed = Math.max(0, now - timestamp);
  for (const { unit, milliseconds } of UNITS) {
    if (elapsed >= milliseconds) {
      return relativeTimeFormat.format(-Math.floor(elapsed / milliseconds), unit);
    }
  }
  return "less than a minute ago";
}
