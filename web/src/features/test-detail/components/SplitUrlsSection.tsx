import type { TestWithStats } from "@contract/api";
import { labelWithName } from "@contract/variants";
import { ExternalLinkIcon, EyeIcon } from "lucide-react";
import { DetailSection } from "@/features/test-detail/components/DetailSection";
import { EditVariantsForm } from "@/features/test-detail/components/EditVariantsForm";
import { useInlineEditor } from "@/features/test-detail/use-inline-editor";
import { previewUrl } from "@/lib/split-tests/link-paths";
import { MODE_MESSAGES } from "@/lib/split-tests/mode-messages";
import { isPlainAbTest } from "@/lib/split-tests/plain-ab-test";

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

function PreviewLink({ link, label }: { link: string; label: string }) {
  return (
    <a
      href={previewUrl(link, label)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Preview version ${label} (not counted)`}
      className="inline-flex shrink-0 items-center gap-1 rounded-sm text-muted-foreground text-xs underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <EyeIcon className="size-3.5" aria-hidden />
      Preview
    </a>
  );
}

interface SplitUrlsSectionProps {
  test: TestWithStats;
}

/**
 * Where each variant sends visitors (and its share, unless the test splits 50/50 between two), and the
 * conversion URL. Each variant has a preview link through the split link that counts nothing. The
 * variants can be edited here while the test runs: after the current phase's first click, the editor says
 * that new URLs or weights start the next phase.
 */
export function SplitUrlsSection({ test }: SplitUrlsSectionProps) {
  // Editing starts at the first URL.
  const { editing, editButton, sectionRef, stopEditing } = useInlineEditor();
  const editable = test.status !== "completed";
  // A plain link's one URL takes everyone: no share to show.
  const showWeights = !isPlainAbTest(test.variants) && test.kind !== "link";

  const urls: [title: string, url: string | null, previewLabel?: string][] = [
    ...test.variants.map(({ label, url, weight, name }): [string, string, string] => [
      `URL ${labelWithName(label, name)}${showWeights ? ` (${weight} % of traffic)` : ""}`,
      url,
      label,
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
              ([title, url, previewLabel]) =>
                url && (
                  <div key={title} className="grid gap-1">
                    <dt className="font-medium text-muted-foreground">{title}</dt>
                    <dd className="flex flex-wrap items-start gap-x-3 gap-y-1">
                      <ExternalUrl url={url} />
                      {previewLabel && <PreviewLink link={test.link} label={previewLabel} />}
                    </dd>
                  </div>
                ),
            )}
          </dl>
        )}
        {!editing && (
          <p className="mt-4 text-muted-foreground text-xs">
            A preview opens a version through your split link without counting a visit or a conversion.
          </p>
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
