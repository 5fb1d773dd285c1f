import { ArrowRightIcon } from "lucide-react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import type { AuthStatus } from "@/lib/auth/auth-context";
import { cn } from "@/lib/utils";

interface AuthAwareCtaProps {
  status: AuthStatus;
  signedOutLabel: string;
  signedInLabel: string;
  variant?: "default" | "secondary";
  className?: string;
}

/** Sends a visitor to sign up and a signed-in user to the dashboard. */
export function AuthAwareCta({
  status,
  signedOutLabel,
  signedInLabel,
  variant,
  className,
}: AuthAwareCtaProps) {
  const signedIn = status === "signed-in";
  return (
    <Button
      asChild
      size="lg"
      variant={variant}
      // Holds its place while the session loads so the label never flips under the cursor.
      className={cn("group", status === "loading" && "invisible", className)}
    >
      <Link to={signedIn ? "/dashboard" : "/login?tab=signup"}>
        {signedIn ? signedInLabel : signedOutLabel}
        <ArrowRightIcon className="transition-transform group-hover:translate-x-0.5" aria-hidden />
      </Link>
    </Button>
  );
}
