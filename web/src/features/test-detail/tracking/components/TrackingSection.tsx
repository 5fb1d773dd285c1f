import type { TestWithStats } from "@contract/api";
import type { UrlMatch } from "@contract/tracking";
import { CheckIcon, CopyIcon } from "lucide-react";
import { Link } from "react-router-dom";
import { CardLoadState } from "@/components/CardLoadState";
import { CopyButton } from "@/components/split-tests/CopyButton";
import { Button } from "@/components/ui/button";
import { DetailSection } from "@/features/test-detail/components/DetailSection";
import { CrossSiteNote } from "@/features/test-detail/tracking/components/CrossSiteNote";
import { EditGoalForm } from "@/features/test-detail/tracking/components/EditGoalForm";
import { useInlineEditor } from "@/features/test-detail/use-inline-editor";
import { NO_GOAL_TEXT } from "@/lib/tracking/setup-steps";
import { useSiteKey } from "@/lib/tracking/site-tag";
import { convertCall, EXAMPLE_VALUE, siteTagSnippet, trackerSnippet } from "@/lib/tracking/tag-snippets";
import { TRACKING_SCREEN_MESSAGES } from "@/lib/tracking/tracking-screen-messages";
import { useCopyToClipboard } from "@/lib/use-copy-to-clipboard";

const code = "rounded bg-muted px-1 py-0.5 font-mono text-xs";
const block =
  "overflow-x-auto whitespace-pre-wrap break-all rounded-lg bg-foreground p-4 text-background text-xs leading-relaxed";

const MATCH_WORDS: Record<UrlMatch, string> = {
  equals: "",
  starts_with: ", or any page whose address starts with it",
  contains: ", or any page whose address contains it",
};

/** The test's goal in a sentence. */
function GoalLine({ test }: { test: TestWithStats }) {
  if (test.conversionGoal === "page" && test.conversionUrl)
    return (
      <p className="text-sm">
        <span className="font-medium">Goal:</span> a visit of{" "}
        <span className="break-all font-mono text-xs">{test.conversionUrl}</span>
        {MATCH_WORDS[test.conversionUrlMatch]}.
      </p>
    );
  if (test.conversionGoal === "call")
    return (
      <p className="text-sm">
        <span className="font-medium">Goal:</span> a call from your page,{" "}
        <code className={code}>{convertCall(null)}</code>, or with the order's value,{" "}
        <code className={code}>{convertCall(test.currency, true)}</code>.
      </p>
    );
  return <p className="font-medium text-sm text-warning-foreground">{NO_GOAL_TEXT}</p>;
}

/**
 * The site tag to paste on every page, the test's goal (changed here any time), what the goal page adds
 * for a revenue test or a call, and the specification's one-tag snippet for this test alone.
 */
export function TrackingSection({ test }: { test: TestWithStats }) {
  const { siteKey, status, retry } = useSiteKey();
  const { copied, copy } = useCopyToClipboard();
  const { editing, editButton, sectionRef, stopEditing } = useInlineEditor(["input:checked", "input"]);
  const siteTag = siteKey ? siteTagSnippet(siteKey) : null;
  const revenue = test.primaryMetric === "revenue_per_visitor" ? test.currency : null;
  const goalPageTag =
    siteKey && test.conversionGoal === "page" && revenue
      ? siteTagSnippet(siteKey, { currency: revenue })
      : null;
  const ownSnippet = trackerSnippet(test, siteKey ?? null);

  return (
    <DetailSection
      title="One-Tag Conversion Tracker"
      action={
        siteTag && (
          <Button variant="outline" size="sm" onClick={() => copy(siteTag)}>
            {copied ? <CheckIcon className="text-success" aria-hidden /> : <CopyIcon aria-hidden />}
            {copied ? "Copied!" : "Copy"}
          </Button>
        )
      }
    >
      <div ref={sectionRef} className="grid gap-4">
        {editing ? (
          <EditGoalForm test={test} onDone={stopEditing} onCancel={stopEditing} />
        ) : (
          <div className="flex flex-wrap items-start justify-between gap-3">
            <GoalLine test={test} />
            {editButton("Change goal")}
          </div>
        )}
        <p className="text-muted-foreground text-sm">
          Paste this site tag once on every page of your site, just before{" "}
          <code className={code}>&lt;/head&gt;</code>, landing pages and goal page alike. It serves all your
          tests: it keeps each visitor's session and variant on your own site, takes them out of the address
          bar, and counts a conversion only where a test's goal says so.
        </p>
        {siteTag ? (
          <pre className={block}>
            <code>{siteTag}</code>
          </pre>
        ) : (
          <CardLoadState
            failed={status === "failed"}
            failedMessage={TRACKING_SCREEN_MESSAGES.siteTagLoadFailed}
            onRetry={retry}
          />
        )}
        {goalPageTag && (
          <div className="grid gap-2">
            <p className="text-sm">
              On the goal page, give the tag the order's total ({EXAMPLE_VALUE} and {revenue} here: put in
              your own):
            </p>
            <pre className={block}>
              <code>{goalPageTag}</code>
            </pre>
          </div>
        )}
        {test.conversionGoal === "call" && (
          <p className="text-sm">
            Once the order is placed, your page calls <code className={code}>{convertCall(revenue)}</code>
            {revenue && <> with the order's total in place of {EXAMPLE_VALUE}</>} (anywhere in the page, even
            before the tag has loaded: the tag's first line keeps the call), or the tag of the page that
            confirms it carries <code className={code}>data-convert</code>
            {revenue && (
              <>
                {" "}
                with{" "}
                <code className={code}>
                  data-amount="{EXAMPLE_VALUE}" data-currency="{revenue}"
                </code>
              </>
            )}
            .
          </p>
        )}
        <CrossSiteNote test={test} />
        <p className="text-muted-foreground text-sm">
          Ad blockers hide some tags: your server can report each order itself with the visitor's{" "}
          <code className={code}>sessionId</code> (the tag gives it as{" "}
          <code className={code}>splitlink.sessionId()</code>) through{" "}
          <Link to="/docs/api#recordConversion" className="underline underline-offset-2">
            POST /api/v1/conversions
          </Link>
          .
        </p>
        <details className="rounded-lg border px-4 py-3">
          <summary className="cursor-pointer font-medium text-sm">
            Fallback for sites that cannot use the site tag: this test's own snippet
          </summary>
          <div className="mt-3 grid gap-2">
            <p className="text-muted-foreground text-sm">
              The specification's snippet, for one test only. Use it only where the site tag above cannot go,
              and never on a page that has the site tag. Paste the one-tag conversion tracker on the thank-you
              page. It counts only when the thank-you page receives the split link's{" "}
              <code className={code}>sessionId</code> and <code className={code}>variant</code> from the
              landing page, or carries this tag as well. It carries the goal as it is now, its page and which
              pages match: paste it again after you change the goal.
            </p>
            <div className="flex items-start gap-2">
              <pre className={`${block} min-w-0 flex-1`}>
                <code>{ownSnippet}</code>
              </pre>
              <CopyButton text={ownSnippet} label="Copy this test's snippet" />
            </div>
          </div>
        </details>
      </div>
    </DetailSection>
  );
}
