import type { TestWithStats } from "@contract/api";
import { DetailSection } from "@/features/test-detail/components/DetailSection";
import { AlertsLine } from "@/features/test-detail/end/components/AlertsLine";
import { EditEndForm } from "@/features/test-detail/end/components/EditEndForm";
import { WebhooksLine } from "@/features/test-detail/end/components/WebhooksLine";
import {
  howItEnded,
  promotedVersion,
  whatHappensAtTheEnd,
  whenItEnds,
} from "@/features/test-detail/end/end-texts";
import { useInlineEditor } from "@/features/test-detail/use-inline-editor";

interface EndSectionProps {
  test: TestWithStats;
}

const NO_END = "No end is set: the test runs until you promote a version.";

/** When the test ends and what happens then (editable while it runs), how it ended, and its alerts. */
export function EndSection({ test }: EndSectionProps) {
  const { editing, editButton, sectionRef, stopEditing } = useInlineEditor();
  const running = test.status !== "completed";

  const ended = running
    ? null
    : (howItEnded(test) ?? (test.winnerVariant ? `You promoted version ${promotedVersion(test)}.` : null));

  return (
    <DetailSection title="End of the test" action={running && editButton("Change end")}>
      <div ref={sectionRef} className="grid gap-4">
        {running && editing ? (
          <EditEndForm test={test} onDone={stopEditing} onCancel={stopEditing} />
        ) : running ? (
          <div className="grid gap-1 text-sm">
            <p className="font-medium">{whenItEnds(test) ?? NO_END}</p>
            {whatHappensAtTheEnd(test) && (
              <p className="text-muted-foreground">{whatHappensAtTheEnd(test)}</p>
            )}
          </div>
        ) : (
          ended && <p className="font-medium text-sm">{ended}</p>
        )}
        <AlertsLine />
        <WebhooksLine />
      </div>
    </DetailSection>
  );
}
