import type { EmailVerifiedResponse } from "@contract/api";
import { ACCOUNT_MESSAGES } from "@contract/messages";
import { CircleCheckIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { AuthCard } from "@/components/auth/AuthCard";
import { ResendVerificationButton } from "@/components/auth/ResendVerificationButton";
import { PageTitle } from "@/components/PageTitle";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { verifyEmail } from "@/features/account/api/verify-email";
import { InvalidLink } from "@/features/account/components/InvalidLink";
import { RequestError } from "@/lib/api";
import { loginPathFor } from "@/lib/auth/after-login";
import { useAuth } from "@/lib/auth/use-auth";

type Outcome = "verifying" | "verified" | "log-in" | "invalid";

// A link works once: the same token is sent once per page load, even when an effect runs twice.
const attempts = new Map<string, Promise<EmailVerifiedResponse>>();

function verifyOnce(token: string): Promise<EmailVerifiedResponse> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = verifyEmail(token);
    attempts.set(token, attempt);
    // Refused until its user logs in: the page tries again when they come back signed in.
    attempt.catch(() => attempts.delete(token));
  }
  return attempt;
}

/**
 * The page of a verification link: verifies at once, says so, and, in the browser that signed up, signs
 * the link's user in (sign-up started no session). In a browser that is not signed in to the account the
 * link asks its user to log in first, and comes back here; with a code to sign in they log in after.
 */
export default function VerifyEmailPage() {
  const token = useSearchParams()[0].get("token") ?? "";
  const { status, emailVerified, applySession, reloadSession } = useAuth();
  const [outcome, setOutcome] = useState<Outcome>(token ? "verifying" : "invalid");

  useEffect(() => {
    if (!token) return;
    let current = true;
    verifyOnce(token).then(
      ({ session }) => {
        if (!current) return;
        setOutcome("verified");
        if (session) applySession(session);
        // A browser signed in already, without a code: its banner goes now.
        else void reloadSession();
      },
      (error: unknown) => {
        console.warn("Could not verify the email", error);
        if (current)
          setOutcome(
            error instanceof RequestError && error.code === "log_in_to_verify" ? "log-in" : "invalid",
          );
      },
    );
    return () => {
      current = false;
    };
  }, [token, applySession, reloadSession]);

  const signedIn = status === "signed-in";
  // A used link opened again by its verified owner: nothing is wrong.
  const shown = outcome === "invalid" && signedIn && emailVerified ? "already-verified" : outcome;
  return (
    <AuthCard title="Verify your email" description="Confirming the address of your SplitLink account.">
      <PageTitle>Verify your email</PageTitle>
      {shown === "verifying" && (
        <div className="flex flex-col items-center gap-3 py-4">
          <Spinner size="lg" />
          <p className="text-muted-foreground text-sm">Verifying your email...</p>
        </div>
      )}
      {(shown === "verified" || shown === "already-verified") && (
        <div role="status" className="grid justify-items-center gap-4 text-center">
          <CircleCheckIcon className="size-10 text-success" aria-hidden />
          <p className="font-medium">
            {shown === "verified" ? ACCOUNT_MESSAGES.emailVerified : ACCOUNT_MESSAGES.alreadyVerified}
          </p>
          <Button asChild>
            <Link to={signedIn ? "/dashboard" : "/login"}>{signedIn ? "Go to dashboard" : "Log in"}</Link>
          </Button>
        </div>
      )}
      {shown === "log-in" && (
        <div role="status" className="grid justify-items-center gap-4 text-center">
          <p className="font-medium">{ACCOUNT_MESSAGES.logInToVerify}</p>
          <Button asChild>
            <Link to={loginPathFor(`/verify-email?${new URLSearchParams({ token })}`)}>Log in</Link>
          </Button>
        </div>
      )}
      {shown === "invalid" && (
        <InvalidLink>
          {signedIn ? (
            <>
              <p className="text-muted-foreground text-sm">We can send a new link to your email.</p>
              <ResendVerificationButton />
            </>
          ) : (
            <Button asChild variant="outline">
              <Link to="/login">Log in</Link>
            </Button>
          )}
        </InvalidLink>
      )}
    </AuthCard>
  );
}
