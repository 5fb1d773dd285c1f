import type { TestWithStats } from "@contract/api";
import { Link } from "react-router-dom";
import { crossSiteGoal } from "@/lib/tracking/setup-steps";

const code = "rounded bg-muted px-1 py-0.5 font-mono text-xs";

/** Said plainly when the goal page is on another site than the landing pages: the tag cannot bridge them. */
export function CrossSiteNote({ test }: { test: TestWithStats }) {
  const sites = crossSiteGoal(test);
  if (!sites || !test.conversionUrl) return null;
  const forwarded = `${test.conversionUrl}${test.conversionUrl.includes("?") ? "&" : "?"}sessionId={sessionId}&variant={variant}&splitTestId=${test.id}`;
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
        Pass the split link's parameters on to the goal page, reading them on the landing page with{" "}
        <code className={code}>splitlink.sessionId()</code>, for example:
      </p>
      <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-muted p-2 font-mono text-xs">
        {forwarded}
      </pre>
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
