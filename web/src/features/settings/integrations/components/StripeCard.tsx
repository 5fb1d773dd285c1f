import type { StripeStatusResponse } from "@contract/api";
import { STRIPE_MESSAGES } from "@contract/messages";
import { RotateCwIcon, TriangleAlertIcon } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { CopyButton } from "@/components/split-tests/CopyButton";
import { TextField } from "@/components/TextField";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { ViewerNote } from "@/components/workspaces/ViewerNote";
import {
  connectionLine,
  lastEventLine,
  STRIPE_EVENTS,
  secretProblem,
} from "@/features/settings/integrations/stripe-status";
import { useStripe } from "@/features/settings/integrations/use-stripe";
import { serverMessage } from "@/lib/server-message";
import { toast } from "@/lib/toast";
import { useWorkspaceAbilities } from "@/lib/workspaces/use-workspace";

const M = STRIPE_MESSAGES;

/** Stripe, no code: the endpoint URL to add in Stripe, its signing secret, the status, disconnect. */
export function StripeCard() {
  const headingId = useId();
  const { canEdit } = useWorkspaceAbilities();
  const { status, connect, disconnect } = useStripe();
  const stripe = status.data;

  return (
    <section aria-labelledby={headingId} id="stripe" className="scroll-mt-20">
      <Card className="gap-5">
        <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle id={headingId} className="text-lg">
              {M.title}
            </CardTitle>
            <CardDescription>{M.description}</CardDescription>
          </div>
          {stripe && (
            <Badge variant={stripe.connected ? "default" : "outline"} data-testid="stripe-connection">
              {stripe.connected ? "Connected" : "Not connected"}
            </Badge>
          )}
        </CardHeader>
        <CardContent className="grid gap-5">
          {!canEdit && <ViewerNote>{M.viewerNote}</ViewerNote>}
          {stripe === undefined && status.isError && (
            <p className="flex flex-wrap items-center gap-2 text-sm">
              {M.loadFailed}
              <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
                <RotateCwIcon aria-hidden />
                Try again
              </Button>
            </p>
          )}
          {stripe === undefined && !status.isError && (
            <p className="flex items-center gap-2 text-muted-foreground text-sm">
              <Spinner size="sm" /> Loading…
            </p>
          )}
          {stripe && (
            <>
              <StripeStatusLines stripe={stripe} />
              {stripe.endpointUrl && <EndpointUrl url={stripe.endpointUrl} />}
              {canEdit && (
                <SecretForm
                  connected={stripe.connected}
                  busy={connect.isPending}
                  onConnect={async (secret) => {
                    try {
                      await connect.mutateAsync(secret);
                      toast.success(M.connected);
                      return null;
                    } catch (error) {
                      console.warn("Could not connect Stripe", error);
                      return serverMessage(error) ?? M.connectFailed;
                    }
                  }}
                />
              )}
              {canEdit && stripe.connected && (
                <div>
                  <ConfirmDialog
                    trigger={
                      <Button variant="outline" disabled={disconnect.isPending}>
                        {M.disconnect}
                      </Button>
                    }
                    title={M.disconnectConfirmTitle}
                    description={M.disconnectConfirmBody}
                    confirmLabel={M.disconnect}
                    onConfirm={() =>
                      disconnect.mutate(undefined, {
                        onSuccess: () => toast.success(M.disconnected),
                        onError: (error) => {
                          console.warn("Could not disconnect Stripe", error);
                          toast.error(serverMessage(error) ?? M.disconnectFailed);
                        },
                      })
                    }
                  />
                </div>
              )}
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function StripeStatusLines({ stripe }: { stripe: StripeStatusResponse["stripe"] }) {
  return (
    <div className="grid gap-1 text-sm" data-testid="stripe-status">
      <p className="font-medium">{connectionLine(stripe)}</p>
      <p className="text-muted-foreground">{lastEventLine(stripe) ?? M.noEventYet}</p>
      {stripe.secretRetired && (
        <p
          role="status"
          className="mt-1 flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive-muted px-3 py-2"
          data-testid="stripe-secret-retired"
        >
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{M.secretRetired}</span>
        </p>
      )}
      {stripe.unlinkedInvoicePayments > 0 && (
        <p
          className="mt-1 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          data-testid="stripe-unlinked-invoices"
        >
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{M.unlinkedInvoicePayments(stripe.unlinkedInvoicePayments)}</span>
        </p>
      )}
    </div>
  );
}

function EndpointUrl({ url }: { url: string }) {
  return (
    <div className="grid gap-2">
      <p className="font-medium text-sm">{M.endpointLabel}</p>
      <div className="flex items-center gap-1 rounded-md border bg-muted/50 py-1 pr-1 pl-3">
        <code className="min-w-0 flex-1 break-all font-mono text-xs" data-testid="stripe-endpoint-url">
          {url}
        </code>
        <CopyButton text={url} label={`${M.copy} ${M.endpointLabel}`} successMessage={M.urlCopied} />
      </div>
      <p className="text-muted-foreground text-xs">{M.endpointHint}</p>
      <ul className="flex flex-wrap gap-2">
        {STRIPE_EVENTS.map((type) => (
          <li key={type} className="rounded border bg-card px-2 py-0.5 font-mono text-xs">
            {type}
          </li>
        ))}
      </ul>
    </div>
  );
}

interface SecretFormProps {
  connected: boolean;
  busy: boolean;
  /** Connects with the secret; resolves to the refusal to show under the field, or null. */
  onConnect: (secret: string) => Promise<string | null>;
}

function SecretForm({ connected, busy, onConnect }: SecretFormProps) {
  const [secret, setSecret] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const refusal = secretProblem(secret) ?? (await onConnect(secret.trim()));
    setProblem(refusal);
    if (refusal) inputRef.current?.focus();
    else setSecret("");
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-3">
      <TextField
        ref={inputRef}
        label={M.secretLabel}
        name="signingSecret"
        type="password"
        autoComplete="off"
        spellCheck={false}
        placeholder="whsec_…"
        value={secret}
        maxLength={200}
        hint={M.secretHint}
        problem={problem}
        onChange={(event) => {
          setSecret(event.target.value);
          setProblem(null);
        }}
      />
      <div>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy && <Spinner size="sm" />}
          {busy ? M.connecting : connected ? M.replaceSecret : M.connect}
        </Button>
      </div>
    </form>
  );
}
