import type { AlertPreferences } from "@contract/api";
import { ALERT_MESSAGES } from "@contract/messages";
import { useState } from "react";
import { CardLoadState } from "@/components/CardLoadState";
import { ChoiceText } from "@/components/ChoiceText";
import { ViewerNote } from "@/components/workspaces/ViewerNote";
import { SettingsCard } from "@/features/settings/components/SettingsCard";
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
    <SettingsCard
      id="email-alerts"
      title="Email alerts"
      description="Emails about your tests, sent once per test."
    >
      {state.status !== "ready" ? (
        <CardLoadState
          failed={state.status === "failed"}
          failedMessage={ALERT_MESSAGES.loadFailed}
          onRetry={retry}
        />
      ) : (
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
              <ChoiceText label={choice.label} hint={choice.hint} />
            </label>
          ))}
        </fieldset>
      )}
    </SettingsCard>
  );
}
