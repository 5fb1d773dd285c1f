import type { IntegrationStatus } from "@contract/api";
import gtmTemplateUrl from "@integrations/gtm/template.tpl?url&no-inline";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { DownloadIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { ViewerNote } from "@/components/workspaces/ViewerNote";
import { setGa4 } from "@/features/settings/integrations/api/integrations";
import { INTEGRATION_CARD_MESSAGES as M } from "@/features/settings/integrations/messages";
import { integrationOf, useIntegrations } from "@/features/settings/integrations/use-integrations";
import { queryKeys } from "@/lib/query-keys";
import { serverMessage } from "@/lib/server-message";
import { formatTimeAgo } from "@/lib/time";
import { toast } from "@/lib/toast";
import { useWorkspaceAbilities } from "@/lib/workspaces/use-workspace";

/**
 * GA4 and Google Tag Manager: the switch that makes the site tag tell the page's own analytics each
 * visitor's version, and the Tag Manager template that installs the tag.
 */
export function AnalyticsCard() {
  const headingId = useId();
  const errorId = useId();
  const client = useQueryClient();
  const { canEdit } = useWorkspaceAbilities();
  const query = useIntegrations();
  const ga4 = integrationOf(query.data, "ga4");
  // The switch shows the choice at once, in the same render as the click (the mutation's pending state
  // arrives a tick later, and a controlled checkbox would flip back in between), until it is saved.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const save = useMutation({
    mutationFn: setGa4,
    onSuccess: (integration) => {
      client.setQueryData(queryKeys.integrations.all, (list: IntegrationStatus[] | undefined) =>
        list?.map((row) => (row.kind === "ga4" ? integration : row)),
      );
      toast.success(integration.connected ? M.ga4Enabled : M.ga4Disabled);
    },
    onError: (error) => console.warn("Could not save the GA4 setting", error),
    onSettled: () => setWanted(null),
  });
  const checked = wanted ?? ga4?.connected;

  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle id={headingId} className="text-lg">
          {M.ga4Title}
        </CardTitle>
        <CardDescription>{M.ga4Description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {!ga4 && query.isError && (
          <p className="flex flex-wrap items-center gap-2">
            {M.loadFailed}
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </p>
        )}
        {!ga4 && !query.isError && (
          <p className="flex items-center gap-2 text-muted-foreground">
            <Spinner size="sm" /> Loading…
          </p>
        )}
        {ga4 && (
          <p data-testid="ga4-status" className="font-medium">
            {ga4.connectedAt ? M.ga4On(formatTimeAgo(Date.parse(ga4.connectedAt))) : M.ga4Off}
          </p>
        )}
        {ga4 && canEdit && (
          <div>
            <label className="flex items-start gap-3">
              <input
                type="checkbox"
                name="ga4"
                checked={checked ?? false}
                aria-busy={save.isPending}
                aria-describedby={save.isError ? errorId : undefined}
                disabled={save.isPending}
                onChange={(event) => {
                  setWanted(event.target.checked);
                  save.mutate(event.target.checked);
                }}
                className="mt-0.5 size-4 accent-primary"
              />
              <span className="font-medium">{M.ga4Toggle}</span>
            </label>
            {save.isError && (
              <p id={errorId} role="alert" className="mt-2 text-destructive">
                {serverMessage(save.error) ?? M.ga4SaveFailed}
              </p>
            )}
          </div>
        )}
        {ga4 && !canEdit && <ViewerNote>{M.viewerNote}</ViewerNote>}
        <p className="flex flex-wrap items-center gap-2">
          {M.gtmTemplate}
          <Button asChild variant="outline" size="sm">
            <a href={gtmTemplateUrl} download="splitlink-gtm-template.tpl">
              <DownloadIcon aria-hidden />
              {M.gtmTemplateLink}
            </a>
          </Button>
        </p>
      </CardContent>
    </Card>
  );
}
