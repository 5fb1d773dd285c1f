import type { TestWithStats } from "@contract/api";
import { CheckCircle2Icon, CircleIcon } from "lucide-react";
import { CardLoadState } from "@/components/CardLoadState";
import { DetailSection } from "@/features/test-detail/components/DetailSection";
import { useTrackingSetup } from "@/features/test-detail/tracking/use-tracking-setup";
import { setupSteps } from "@/lib/tracking/setup-steps";
import { TRACKING_SCREEN_MESSAGES } from "@/lib/tracking/tracking-screen-messages";

/** The setup checklist: each step of a visit as SplitLink saw it, or what to fix. */
export function SetupSection({ test }: { test: TestWithStats }) {
  const { setup, status, retry } = useTrackingSetup(test.slug);
  return (
    <DetailSection title="Setup">
      {setup === null ? (
        <CardLoadState
          failed={status === "failed"}
          failedMessage={TRACKING_SCREEN_MESSAGES.setupLoadFailed}
          onRetry={retry}
        />
      ) : (
        <ol aria-label="Setup" className="grid gap-3">
          {setupSteps(test, setup).map((step) => (
            <li key={step.label} className="flex gap-3 text-sm">
              {step.done ? (
                <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-success" aria-label="Done" />
              ) : (
                <CircleIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-label="Not yet" />
              )}
              <div className="grid min-w-0 gap-0.5">
                <span className="font-medium">{step.label}</span>
                <span className="break-words text-muted-foreground">{step.detail}</span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </DetailSection>
  );
}
