import { useId } from "react";
import { CopyButton } from "@/components/split-tests/CopyButton";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useSiteKey } from "@/lib/tracking/site-tag";
import { siteTagSnippet } from "@/lib/tracking/tag-snippets";

/** The site tag, pasted once on every page of the marketer's site: it serves every test of the account. */
export function SiteTagSection() {
  const headingId = useId();
  const siteKey = useSiteKey();
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
          <div className="flex items-start gap-2">
            <pre className="min-w-0 flex-1 overflow-x-auto whitespace-pre-wrap break-all rounded-lg bg-foreground p-4 text-background text-xs leading-relaxed">
              <code>{snippet ?? "Loading…"}</code>
            </pre>
            {snippet && <CopyButton text={snippet} label="Copy the site tag" />}
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
