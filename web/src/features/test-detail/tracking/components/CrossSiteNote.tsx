import type { TestWithStats } from "@contract/api";
import { Link } from "react-router-dom";
import { crossSiteGoal } from "@/lib/tracking/setup-steps";
import { forwardedGoalUrl } from "@/lib/tracking/tag-snippets";

const code = "rounded bg-muted px-1 py-0.5 font-mono text-xs";

/**
 * Said plainly when the goal page is on another site than the landing pages: the tag cannot bridge them,
 * the landing page passes the session on (the specification's forwarded flow), or the server reports it.
 */
export function CrossSiteNote({ test }: { test: TestWithStats }) {
  const sites = crossSiteGoal(test);
  if (!sites || !test.conversionUrl) return null;
  const forwarded = forwardedGoalUrl(test.conversionUrl);
  return (
    <div
      role="note"
      className="grid gap-2 rounded-lg border border-warning/40 bg-warning-muted px-4 py-3 text-sm"
    >
      <p className="font-medium">
        Your landing pages ({sites.landing.join(", ")}) and your goal page ({sites.goal}) are on different
        sites: the tag cannot carry a visit from one to the other.
      </p>
      <p>
        Send the visitor on to the goal page with their session in its address: when they click through on the
        landing page, fill in <code className={code}>{"{sessionId}"}</code> with{" "}
        <code className={code}>splitlink.sessionId()</code> and <code className={code}>{"{variant}"}</code>{" "}
        with <code className={code}>splitlink.variant()</code> in this address:
      </p>
      <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-muted p-2 font-mono text-xs">
        {forwarded}
      </pre>
      <p>The tag on the goal page counts the conversion there.</p>
      <p>
        Or report each order from your server with the visitor's session:{" "}
        <Link to="/docs/api#recordConversion" className="underline underline-offset-2">
          POST /api/v1/conversions
        </Link>
        .
      </p>
    </div>
  );
}
