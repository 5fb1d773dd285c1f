import type { TestVariant } from "@contract/api";
import { DetailSection } from "@/features/test-detail/components/DetailSection";

/** "A or B", "A, B or C", … */
function listOfLabels(variants: readonly TestVariant[]): string {
  const labels = variants.map((variant) => variant.label);
  return `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}`;
}

export function HowItWorksSection({ variants }: { variants: readonly TestVariant[] }) {
  const split = variants.map((variant) => variant.weight).join("/");
  const steps = [
    "Share your split link.",
    `Visitors opening it are sent to ${listOfLabels(variants)} at random (${split}) and the click is recorded.`,
    "Paste the site tag on every page of your site, and set the test's goal: the page or the call that counts as a conversion.",
    "Clicks and conversions are tracked per variant.",
  ];
  return (
    <DetailSection title="How it works">
      <ol className="grid list-decimal gap-2 pl-5 text-muted-foreground text-sm marker:font-semibold marker:text-primary">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </DetailSection>
  );
}
