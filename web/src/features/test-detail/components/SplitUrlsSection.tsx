import type { TestWithStats } from "@contract/api";
import { MODE_MESSAGES } from "@contract/messages";
import { ExternalLinkIcon } from "lucide-react";
import { DetailSection } from "@/features/test-detail/components/DetailSection";
import { EditVariantsForm } from "@/features/test-detail/components/EditVariantsForm";
import { useInlineEditor } from "@/features/test-detail/use-inline-editor";
import { isPlainAbTest } from "@/lib/split-tests/plain-ab-test";
import { labelWithName } from "@/lib/split-tests/variant-name";

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

interface SplitUrlsSectionProps {
  test: TestWithStats;
}

/**
 * Where each variant sends visitors (and its share, unless the test splits 50/50 between two), and the
 * conversion URL. The variants can be edited here while the test runs: after the current phase's first
 * click, the editor says that new URLs or weights start the next phase.
 */
export function SplitUrlsSection({ test }: SplitUrlsSectionProps) {
  // Editing starts at the first URL.
  const { editing, editButton, sectionRef, stopEditing } = useInlineEditor();
  const editable = test.status !== "completed";
  const showWeights = !isPlainAbTest(test.variants);

  const urls: [label: string, url: string | null][] = [
    ...test.variants.map(({ label, url, weight, name }): [string, string] => [
      `URL ${labelWithName(label, name)}${showWeights ? ` (${weight} % of traffic)` : ""}`,
      url,
    ]),
    ["Conversion URL", test.conversionUrl],
  ];

  return (
    <DetailSection title="Split URLs" action={editable && editButton("Edit variants")}>
      <div ref={sectionRef}>
        {editing && editable ? (
          <EditVariantsForm test={test} onDone={stopEditing} onCancel={stopEditing} />
        ) : (
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
        )}
        {test.mode === "optimise" && !editing && (
          <p className="mt-4 text-muted-foreground text-sm">
            <span className="font-medium text-foreground">{MODE_MESSAGES.optimise.label} mode.</span>{" "}
            {MODE_MESSAGES.managedSplit}
          </p>
        )}
      </div>
    </DetailSection>
  );
}
