import type { TrafficQuality as Quality } from "@contract/api";
import { TRAFFIC_QUALITY_MESSAGES as TEXT } from "@contract/messages";
import { Link } from "react-router-dom";

/** The reasons the workspace's traffic rules gave: each can be undone in Settings. */
const RULED = ["internal", "blocked", "datacenter", "internal_address", "blocked_source"];

const total = (rows: { events: number }[]) => rows.reduce((sum, row) => sum + row.events, 0);

/** What reached the test and did not count, by reason: folded away, its total in the summary. */
export function TrafficQuality({ quality }: { quality: Quality }) {
  const visits = total(quality.visits);
  const conversions = total(quality.conversions);
  if (visits + conversions === 0)
    return (
      <p className="text-muted-foreground text-sm">
        <span className="font-medium text-foreground">{TEXT.title}.</span> {TEXT.allCounted}
      </p>
    );
  return (
    <details className="rounded-lg border px-4 py-3 text-sm">
      <summary className="cursor-pointer font-medium">
        {TEXT.title}: {TEXT.summary(visits, conversions)}
      </summary>
      <p className="mt-2 text-muted-foreground">{TEXT.explanation}</p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <ReasonList
          heading={TEXT.visitsHeading}
          rows={quality.visits.map((row) => ({ label: TEXT.visits[row.reason], events: row.events }))}
        />
        <ReasonList
          heading={TEXT.conversionsHeading}
          rows={quality.conversions.map((row) => ({
            label: TEXT.conversions[row.reason],
            events: row.events,
          }))}
        />
      </div>
      {[...quality.visits, ...quality.conversions].some((row) => RULED.includes(row.reason)) && (
        <p className="mt-3">
          <Link to="/settings/workspace#traffic-rules" className="underline underline-offset-4">
            {TEXT.rulesLink}
          </Link>
        </p>
      )}
    </details>
  );
}

function ReasonList({ heading, rows }: { heading: string; rows: { label: string; events: number }[] }) {
  if (rows.length === 0) return null;
  return (
    <div>
      <h4 className="font-medium">{heading}</h4>
      <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className="text-right tabular-nums">{row.events.toLocaleString("en-US")}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
