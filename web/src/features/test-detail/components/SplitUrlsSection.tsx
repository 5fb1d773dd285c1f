import type { TestWithStats } from "@contract/api";
import { ExternalLinkIcon } from "lucide-react";
import { DetailSection } from "@/features/test-detail/components/DetailSection";

function ExternalUrl({ url }: { url: string }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-start gap-1.5 break-all rounded-sm text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {url}
      <ExternalLinkIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
    </a>
  );
}

export function SplitUrlsSection({ test }: { test: TestWithStats }) {
  const urls: [label: string, url: string | null][] = [
    ["URL A", test.urlA],
    ["URL B", test.urlB],
    ["Conversion URL", test.conversionUrl],
  ];
  return (
    <DetailSection title="Split URLs">
      <dl className="grid gap-3 text-sm">
        {urls.map(
          ([label, url]) =>
            url && (
              <div key={label} className="grid gap-1">
                <dt className="font-medium text-muted-foreground">{label}</dt>
                <dd>
                  <ExternalUrl url={url} />
                </dd>
              </div>
            ),
        )}
      </dl>
    </DetailSection>
  );
}
