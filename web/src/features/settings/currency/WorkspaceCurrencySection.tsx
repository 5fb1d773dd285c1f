import { isCurrency } from "@contract/currency";
import { CONVERSION_MESSAGES } from "@contract/messages";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SettingsCard } from "@/features/settings/components/SettingsCard";
import { updateWorkspace } from "@/features/settings/workspace/api/update-workspace";
import { refreshAfterChange } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";
import { serverMessage } from "@/lib/server-message";
import { toast } from "@/lib/toast";
import { useWorkspace } from "@/lib/workspaces/use-workspace";

/**
 * The workspace's currency (issue #47): chosen at sign-up from the browser's language, changed here by
 * an owner. A test created without a currency of its own takes it, so its sales' values count.
 */
export function WorkspaceCurrencySection() {
  const inputId = useId();
  const { workspace, canManage } = useWorkspace();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(workspace.currency ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const code = draft.trim().toUpperCase();
    if (!isCurrency(code)) return setProblem(CONVERSION_MESSAGES.invalidCurrency);
    setProblem(null);
    setSaving(true);
    try {
      await updateWorkspace(workspace.id, { currency: code });
      await refreshAfterChange(queryClient, [queryKeys.workspaces]);
      toast.success(`New tests count revenue in ${code}`);
    } catch (error) {
      toast.error(serverMessage(error) ?? "The currency could not be saved. Please try again.");
    } finally {
      setSaving(false);
    }
  }

  return (
    <SettingsCard
      id="currency"
      title="Currency"
      description={
        workspace.currency
          ? `New tests count the value of sales in ${workspace.currency} unless you choose another.`
          : "No currency yet: tests created without one set aside the value of every sale."
      }
    >
      {canManage ? (
        <form onSubmit={save} className="flex flex-wrap items-end gap-3" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor={inputId}>Currency of new tests</Label>
            <Input
              id={inputId}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder="EUR"
              maxLength={3}
              className="w-28 uppercase"
              aria-invalid={problem !== null}
              aria-describedby={problem ? `${inputId}-problem` : undefined}
            />
          </div>
          <Button type="submit" disabled={saving}>
            Save currency
          </Button>
          {problem && (
            <p id={`${inputId}-problem`} className="w-full text-destructive text-sm">
              {problem}
            </p>
          )}
        </form>
      ) : (
        <p className="text-muted-foreground text-sm">Only an owner can change the currency.</p>
      )}
    </SettingsCard>
  );
}
