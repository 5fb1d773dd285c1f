import { useAuth } from "@/features/auth/use-auth";
import { ClosingCtaSection } from "@/features/landing/components/ClosingCtaSection";
import { HeroSection } from "@/features/landing/components/HeroSection";
import { HowItWorksSection } from "@/features/landing/components/HowItWorksSection";
import { LandingFooter } from "@/features/landing/components/LandingFooter";
import { LandingHeader } from "@/features/landing/components/LandingHeader";

export default function LandingPage() {
  const { status } = useAuth();
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
