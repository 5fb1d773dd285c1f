import type { TestAnalytics } from "@contract/api";

export type Granularity = TestAnalytics["series"]["granularity"];

const hourLabel = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
// Days start at midnight UTC: read them in UTC, or a visitor west of Greenwich sees the day before.
const dayLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const hourWithDayLabel = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** An axis label: "14:00" for an hour, "Nov 20" for a day. */
export function formatPeriod(time: number, granularity: Granularity): string {
  return (granularity === "hour" ? hourLabel : dayLabel).format(time);
}

/** A period on its own, as in a table row: "Nov 20, 14:00" for an hour, "Nov 20" for a day. */
export function formatPeriodInFull(time: number, granularity: Granularity): string {
  return (granularity === "hour" ? hourWithDayLabel : dayLabel).format(time);
}

/** "hour" or "day", for "per hour" and "per day". */
export function periodUnit(granularity: Granularity): string {
  return granularity === "hour" ? "hour" : "day";
}
