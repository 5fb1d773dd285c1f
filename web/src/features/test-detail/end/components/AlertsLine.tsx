import type { AlertPreferences } from "@contract/api";
import { BellIcon } from "lucide-react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useAlertPreferences } from "@/lib/alerts/alert-preferences";

const ALERT_WORDS: Record<keyof AlertPreferences, string> = {
  verdict: "there is a clear winner",
  completed: "the test ends",
  srm: "visitors are not split as set",
};

/** Which emails the owner gets about this test, with the way to change them. */
export function AlertsLine() {
  const { state, retry } = useAlertPreferences();
  const settings = (
    <Link to="/settings/account#email-alerts" className="text-primary underline underline-offset-4">
      Change in Settings
    </Link>
  );
  if (state.status === "loading")
    return (
      <p className="flex items-center gap-2 text-muted-foreground text-sm">
        <Spinner size="sm" /> Loading your alert settings…
      </p>
    );
  if (state.status === "failed")
    return (
      <p className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
        Could not load your alert settings.
        <Button variant="outline" size="sm" onClick={retry}>
          Try again
        </Button>
      </p>
    );
  const on = (Object.keys(ALERT_WORDS) as (keyof AlertPreferences)[]).filter((kind) => state.alerts[kind]);
  return (
    <p className="flex flex-wrap items-start gap-2 text-sm">
      <BellIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span>
        {on.length === 0
          ? "Email alerts are off."
          : `You get an email when ${on.map((kind) => ALERT_WORDS[kind]).join(", when ")}.`}{" "}
        {settings}
      </span>
    </p>
  );
}
