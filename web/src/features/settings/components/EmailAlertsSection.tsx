import type { AlertPreferences } from "@contract/api";
import { ALERT_MESSAGES } from "@contract/messages";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { ViewerNote } from "@/components/workspaces/ViewerNote";
import { saveAlertPreferences, useAlertPreferences } from "@/lib/alerts/alert-preferences";
import { serverMessage } from "@/lib/server-message";
import { toast } from "@/lib/toast";
import { useWorkspaceAbilities } from "@/lib/workspaces/use-workspace";

const CHOICES: { kind: keyof AlertPreferences; label: string; hint: string }[] = [
  {
    kind: "verdict",
    label: "A test has a clear winner",
    hint: "Once per test, when the verdict names a winner.",
  },
  {
    kind: "completed",
    label: "A test ends on its own",
    hint: "With what happened at the end, and why.",
  },
  {
    kind: "srm",
    label: "A test's visitors are not split as set",
    hint: "A sign that something sends visitors to one version only; its results may be biased.",
  },
];

/** Which alert emails the user gets; each choice is saved as soon as it is made. */
export function EmailAlertsSection() {
  const headingId = useId();
  const { state, retry, replace } = useAlertPreferences();
  const [saving, setSaving] = useState<keyof AlertPreferences | null>(null);
  const { canEdit } = useWorkspaceAbilities();

  async function toggle(kind: keyof AlertPreferences, on: boolean) {
    if (state.status !== "ready" || saving || !canEdit) return;
    const previous = state.alerts;
    replace({ ...previous, [kind]: on });
    setSaving(kind);
    try {
      replace(await saveAlertPreferences({ ...previous, [kind]: on }));
      toast.success(ALERT_MESSAGES.saved);
    } catch (error) {
      console.warn("Could not save the alert settings", error);
      replace(previous);
      toast.error(serverMessage(error) ?? ALERT_MESSAGES.saveFailed);
    } finally {
      setSaving(null);
    }
  }

  return (
    <section aria-labelledby={headingId} id="email-alerts" className="scroll-mt-20">
      <Card>
        <CardHeader>
          <CardTitle id={headingId} className="text-lg">
            Email alerts
          </CardTitle>
          <CardDescription>Emails about your tests, sent once per test.</CardDescription>
        </CardHeader>
        <CardContent>
          {state.status === "loading" && (
            <p className="flex items-center gap-2 text-muted-foreground text-sm">
              <Spinner size="sm" /> Loading…
            </p>
          )}
          {state.status === "failed" && (
            <p className="flex flex-wrap items-center gap-2 text-sm">
              {ALERT_MESSAGES.loadFailed}
              <Button variant="outline" size="sm" onClick={retry}>
                Try again
              </Button>
            </p>
          )}
          {state.status === "ready" && (
            <fieldset className="grid gap-4" disabled={!canEdit}>
              {!canEdit && <ViewerNote />}
              <legend className="sr-only">Email me when</legend>
              {CHOICES.map((choice) => (
                <label key={choice.kind} className="flex items-start gap-3 text-sm">
                  <input
                    type="checkbox"
                    name={choice.kind}
                    checked={state.alerts[choice.kind]}
                    aria-busy={saving === choice.kind}
                    disabled={saving !== null}
                    onChange={(event) => toggle(choice.kind, event.target.checked)}
                    className="mt-0.5 size-4 accent-primary"
                  />
                  <span>
                    <span className="font-medium">{choice.label}</span>
                    <span className="block text-muted-foreground text-xs">{choice.hint}</span>
                  </span>
                </label>
              ))}
            </fieldset>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
