import { Link } from "react-router-dom";
import { ProductLogo } from "@/components/ProductLogo";
import { Button } from "@/components/ui/button";
import type { AuthStatus } from "@/lib/auth/auth-context";

export function LandingHeader({ status }: { status: AuthStatus }) {
  return (
    <header className="sticky top-0 z-40 border-b border-transparent bg-background/80 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <ProductLogo />
        <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
          {status === "signed-in" && (
            <Button asChild size="sm">
              <Link to="/dashboard">Go to Dashboard</Link>
            </Button>
          )}
          {status === "signed-out" && (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link to="/login">Log in</Link>
              </Button>
              <Button asChild size="sm">
                <Link to="/login?tab=signup">Sign up</Link>
              </Button>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
