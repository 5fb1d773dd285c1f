import { DownloadIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DetailSection } from "@/features/test-detail/components/DetailSection";
import { downloadUrl } from "@/lib/api";

const DOWNLOADS = [
  {
    file: "events.csv",
    label: "Download events (CSV)",
    description:
      "Every click, conversion and rule visit, one row each, with ISO times, each order's amount and currency, and where each rule sent its visitor.",
  },
  {
    file: "daily.csv",
    label: "Download daily totals (CSV)",
    description: "Clicks, visitors, conversions, orders and revenue per day and version.",
  },
] as const;

/**
 * The test's data as CSV files, for a spreadsheet or another tool. Plain links: the cookie signs them in,
 * the query names the workspace.
 */
export function ExportSection({ testId }: { testId: string }) {
  return (
    <DetailSection title="Export">
      <ul className="grid gap-4 sm:grid-cols-2">
        {DOWNLOADS.map(({ file, label, description }) => (
          <li key={file} className="grid content-start justify-items-start gap-2">
            <Button asChild variant="outline">
              <a href={downloadUrl(`/api/tests/${encodeURIComponent(testId)}/export/${file}`)} download>
                <DownloadIcon aria-hidden />
                {label}
              </a>
            </Button>
            <p className="text-muted-foreground text-sm">{description}</p>
          </li>
        ))}
      </ul>
    </DetailSection>
  );
}
