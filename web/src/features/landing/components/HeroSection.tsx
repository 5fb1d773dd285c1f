import { Button } from "@/components/ui/button";
import { AuthAwareCta } from "@/features/landing/components/AuthAwareCta";
import { SplitIllustration } from "@/features/landing/components/SplitIllustration";
import type { AuthStatus } from "@/lib/auth/auth-context";

export function HeroSection({ status }: { status: AuthStatus }) {
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden
        className="absolute inset-x-0 top-0 -z-10 h-[36rem] bg-[radial-gradient(60rem_30rem_at_50%_-10%,var(--accent),transparent)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 pt-14 pb-20 sm:px-6 sm:pt-20 lg:grid-cols-2 lg:gap-10 lg:pt-24 lg:pb-28">
        <div className="text-center lg:text-left">
          <h1 className="font-extrabold text-4xl tracking-tight sm:text-5xl lg:text-6xl">
            A/B Testing{" "}
            <span className="block bg-gradient-to-r from-primary to-violet-500 bg-clip-text text-transparent">
              Made Simple
            </span>
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-lg text-muted-foreground sm:text-xl lg:mx-0">
            Share one link, send half your visitors to each of two pages, and see which one converts better.
          </p>
          <div className="mt-8 flex flex-col items-stretch gap-3 sm:flex-row sm:justify-center lg:justify-start">
            <AuthAwareCta
              status={status}
              signedOutLabel="Get Started — It's Free"
              signedInLabel="Go to Dashboard"
            />
            <Button asChild size="lg" variant="outline">
              <a href="#how-it-works">How It Works</a>
            </Button>
          </div>
        </div>
        <SplitIllustration />
      </div>
    </section>
  );
}
