import { DetailSection } from "@/features/test-detail/components/DetailSection";

const STEPS = [
  "Share your split link.",
  "Visitors opening it are sent to A or B at random (50/50) and the click is recorded.",
  "Paste the one-tag conversion tracker on the thank-you page.",
  "Clicks and conversions are tracked per variant.",
] as const;

export function HowItWorksSection() {
  return (
    <DetailSection title="How it works">
      <ol className="grid list-decimal gap-2 pl-5 text-muted-foreground text-sm marker:font-semibold marker:text-primary">
        {STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </DetailSection>
  );
}
