import { TWO_FACTOR_MESSAGES } from "@contract/messages";
import { Link } from "react-router-dom";
import { AppHeader } from "@/components/AppHeader";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { TWO_FACTOR_SCREEN_MESSAGES } from "@/lib/auth/two-factor-screen-messages";

/** What a member without two-factor sign-in sees in a workspace that requires it. */
export function TwoFactorRequiredScreen() {
  return (
    <div className="min-h-svh bg-muted">
      <AppHeader />
      <main className="mx-auto grid max-w-lg gap-4 px-4 py-16">
        <Card>
          <CardHeader>
            <CardTitle asChild className="text-lg">
              <h1>{TWO_FACTOR_SCREEN_MESSAGES.requiredTitle}</h1>
            </CardTitle>
            <CardDescription>{TWO_FACTOR_MESSAGES.required}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild>
              <Link to="/settings/account#security">{TWO_FACTOR_SCREEN_MESSAGES.setItUp}</Link>
            </Button>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
