import type { TrafficRulesResponse } from "@contract/api";
import { TRAFFIC_RULES_MESSAGES as M } from "@contract/messages";
import { BLOCK_TYPES, type BlockRule, type BlockType } from "@contract/traffic";
import { blockedProblem, internalProblem } from "@contract/traffic-problems";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { CardLoadState } from "@/components/CardLoadState";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { SettingsCard } from "@/features/settings/components/SettingsCard";
import { queryKeys } from "@/lib/query-keys";
import { serverMessage } from "@/lib/server-message";
import { toast } from "@/lib/toast";
import { useWorkspace } from "@/lib/workspaces/use-workspace";
import { getTrafficRules, saveTrafficRules } from "./api";

/** Where the test page's traffic quality links to undo a rule. */
export const TRAFFIC_RULES_ANCHOR = "traffic-rules";

const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

/** The internal addresses field: one address or range a line. */
function internalOf(text: string): { value: string[]; error: string | null } {
  const value = lines(text);
  return { value, error: internalProblem(value) };
}

/** The blocked sources field: `type: value` a line, checked as the API checks it. */
function blockedOf(text: string): { value: BlockRule[]; error: string | null } {
  const value: BlockRule[] = [];
  for (const line of lines(text)) {
    const at = line.indexOf(":");
    const type = line.slice(0, at).trim() as BlockType;
    if (at < 0 || !BLOCK_TYPES.includes(type)) return { value, error: M.invalidBlockLine(line) };
    value.push({ type, value: line.slice(at + 1).trim() });
  }
  return { value, error: blockedProblem(value) };
}

/** The workspace's traffic rules: its own addresses, blocked sources, and machine traffic. */
export function TrafficRulesCard() {
  const { workspace, canEdit } = useWorkspace();
  const query = useQuery({
    queryKey: queryKeys.trafficRules(workspace.id),
    queryFn: ({ signal }) => getTrafficRules(workspace.id, signal),
  });
  return (
    <SettingsCard id={TRAFFIC_RULES_ANCHOR} title={M.title} description={`${M.intro} ${M.membersNote}`}>
      {query.data ? (
        <RulesForm key={workspace.id} workspaceId={workspace.id} rules={query.data} canEdit={canEdit} />
      ) : (
        <CardLoadState
          failed={query.isError}
          failedMessage={M.loadFailed}
          onRetry={() => void query.refetch()}
        />
      )}
    </SettingsCard>
  );
}

function RulesForm({
  workspaceId,
  rules,
  canEdit,
}: {
  workspaceId: string;
  rules: TrafficRulesResponse;
  canEdit: boolean;
}) {
  const ids = { internal: useId(), blocked: useId(), machine: useId() };
  const client = useQueryClient();
  const [internalText, setInternalText] = useState(rules.internal.join("\n"));
  const [blockedText, setBlockedText] = useState(
    rules.blocked.map((rule) => `${rule.type}: ${rule.value}`).join("\n"),
  );
  const [machineTraffic, setMachineTraffic] = useState(rules.machineTraffic);
  const [shown, setShown] = useState(false);
  const internal = internalOf(internalText);
  const blocked = blockedOf(blockedText);
  const save = useMutation({
    mutationFn: () =>
      saveTrafficRules(workspaceId, { internal: internal.value, blocked: blocked.value, machineTraffic }),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.trafficRules(workspaceId), saved);
      toast.success(M.saved);
    },
    onError: (error) => toast.error(serverMessage(error) ?? M.saveFailed),
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (!internal.error && !blocked.error) save.mutate();
  };
  const fieldError = (id: string, error: string | null) =>
    shown && error ? (
      <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
        {error}
      </p>
    ) : null;
  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.internal}>{M.internalLabel}</Label>
        <p className="text-muted-foreground text-xs">{M.internalHint}</p>
        <textarea
          id={ids.internal}
          className="min-h-20 rounded-md border bg-transparent px-3 py-2 font-mono text-sm"
          value={internalText}
          disabled={!canEdit}
          aria-invalid={shown && Boolean(internal.error)}
          aria-describedby={shown && internal.error ? `${ids.internal}-error` : undefined}
          onChange={(event) => setInternalText(event.target.value)}
        />
        {fieldError(ids.internal, internal.error)}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.blocked}>{M.blockedLabel}</Label>
        <p className="text-muted-foreground text-xs">{M.blockedHint}</p>
        <textarea
          id={ids.blocked}
          className="min-h-20 rounded-md border bg-transparent px-3 py-2 font-mono text-sm"
          value={blockedText}
          disabled={!canEdit}
          aria-invalid={shown && Boolean(blocked.error)}
          aria-describedby={shown && blocked.error ? `${ids.blocked}-error` : undefined}
          onChange={(event) => setBlockedText(event.target.value)}
        />
        {fieldError(ids.blocked, blocked.error)}
      </div>
      <div className="flex items-start gap-2">
        <input
          id={ids.machine}
          type="checkbox"
          className="mt-1"
          checked={machineTraffic}
          disabled={!canEdit}
          onChange={(event) => setMachineTraffic(event.target.checked)}
        />
        <div>
          <Label htmlFor={ids.machine}>{M.machineTrafficLabel}</Label>
          <p className="text-muted-foreground text-xs">{M.machineTrafficHint}</p>
        </div>
      </div>
      {canEdit && (
        <div>
          <Button type="submit" disabled={save.isPending}>
            {M.save}
          </Button>
        </div>
      )}
    </form>
  );
}
