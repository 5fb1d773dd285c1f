import { ClosingCtaSection } from "@/features/landing/components/ClosingCtaSection";
import { HeroSection } from "@/features/landing/components/HeroSection";
import { HowItWorksSection } from "@/features/landing/components/HowItWorksSection";
import { LandingFooter } from "@/features/landing/components/LandingFooter";
import { LandingHeader } from "@/features/landing/components/LandingHeader";
import type { AuthStatus } from "@/lib/auth/auth-context";

/** The landing page for a known session state: rendered in the app, and pre-rendered at build time. */
export function LandingView({ status }: { status: AuthStatus }) {
  return (
    <div className="flex min-h-svh flex-col">
      <LandingHeader status={status} />
      <main className="flex-1">
        <HeroSection status={status} />
        <HowItWorksSection />
        <ClosingCtaSection status={status} />
      </main>
      <LandingFooter />
    </div>
  );
}
