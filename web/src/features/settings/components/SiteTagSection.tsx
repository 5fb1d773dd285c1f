import { useId } from "react";
import { CardLoadState } from "@/components/CardLoadState";
import { CopyButton } from "@/components/split-tests/CopyButton";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useSiteKey } from "@/lib/tracking/site-tag";
import { siteTagSnippet } from "@/lib/tracking/tag-snippets";
import { TRACKING_SCREEN_MESSAGES } from "@/lib/tracking/tracking-screen-messages";

/** The site tag, pasted once on every page of the marketer's site: it serves every test of the account. */
export function SiteTagSection() {
  const headingId = useId();
  const { siteKey, status, retry } = useSiteKey();
  const snippet = siteKey ? siteTagSnippet(siteKey) : null;
  return (
    <section aria-labelledby={headingId}>
      <Card>
        <CardHeader>
          <CardTitle id={headingId}>Site tag</CardTitle>
          <CardDescription>
            Paste it once on every page of your site, just before &lt;/head&gt;. It serves all your tests:
            each test's goal, set on its page, says where a visitor converts.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {snippet ? (
            <div className="flex items-start gap-2">
              <pre className="min-w-0 flex-1 overflow-x-auto whitespace-pre-wrap break-all rounded-lg bg-foreground p-4 text-background text-xs leading-relaxed">
                <code>{snippet}</code>
              </pre>
              <CopyButton text={snippet} label="Copy the site tag" />
            </div>
          ) : (
            <CardLoadState
              failed={status === "failed"}
              failedMessage={TRACKING_SCREEN_MESSAGES.siteTagLoadFailed}
              onRetry={retry}
            />
          )}
        </CardContent>
      </Card>
    </section>
  );
}
