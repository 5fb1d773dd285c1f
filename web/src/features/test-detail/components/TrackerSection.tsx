import { TEST_MESSAGES } from "@contract/messages";
import { CheckIcon, CopyIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ConversionValueHelp } from "@/features/test-detail/components/ConversionValueHelp";
import { DetailSection } from "@/features/test-detail/components/DetailSection";
import { useCopyToClipboard } from "@/lib/use-copy-to-clipboard";

/** The one-tag conversion tracker to paste on the thank-you page. */
export function TrackerSection({ snippet }: { snippet: string }) {
  const { copied, copy } = useCopyToClipboard(TEST_MESSAGES.copied);
  return (
    <DetailSection
      title="One-Tag Conversion Tracker"
      action={
        <Button variant="outline" size="sm" onClick={() => copy(snippet)}>
          {copied ? <CheckIcon className="text-success" aria-hidden /> : <CopyIcon aria-hidden />}
          {copied ? "Copied!" : "Copy"}
        </Button>
      }
    >
      <div className="grid gap-4">
        <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded-lg bg-foreground p-4 text-background text-xs leading-relaxed">
          <code>{snippet}</code>
        </pre>
        <ConversionValueHelp />
      </div>
    </DetailSection>
  );
}
