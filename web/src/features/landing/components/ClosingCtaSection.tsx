import { AuthAwareCta } from "@/features/landing/components/AuthAwareCta";
import type { AuthStatus } from "@/lib/auth/auth-context";

export function ClosingCtaSection({ status }: { status: AuthStatus }) {
  return (
    <section className="px-4 py-20 sm:px-6 sm:py-24">
      <div className="relative mx-auto max-w-4xl overflow-hidden rounded-3xl bg-gradient-to-br from-primary to-violet-600 px-6 py-14 text-center text-primary-foreground shadow-xl shadow-primary/20 sm:px-12 sm:py-16">
        <div
          aria-hidden
          className="absolute inset-0 bg-[radial-gradient(30rem_15rem_at_85%_0%,rgb(255_255_255/0.18),transparent)]"
        />
        <h2 className="relative font-bold text-3xl tracking-tight sm:text-4xl">
          Find out which page converts better.
        </h2>
        <AuthAwareCta
          status={status}
          signedOutLabel="Start for Free"
          signedInLabel="View Dashboard"
          variant="secondary"
          className="relative mt-8 bg-background text-primary hover:bg-background/90 focus-visible:ring-offset-primary"
        />
      </div>
    </section>
  );
}
