import { WEBHOOK_MESSAGES } from "@contract/messages";
import { BookOpenIcon, PlusIcon, RotateCwIcon } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { CreateWebhookDialog } from "@/features/settings/webhooks/components/CreateWebhookDialog";
import { NoWebhooksYet } from "@/features/settings/webhooks/components/NoWebhooksYet";
import { WebhookList } from "@/features/settings/webhooks/components/WebhookList";
import { useWebhooks } from "@/features/settings/webhooks/use-webhooks";

/** Everything about webhooks in one card: endpoints, add (secret shown once), test, log, delete. */
export function WebhooksSection() {
  const { status, webhooks, retry, addWebhook, dropWebhook, markDelivered } = useWebhooks();
  const headingId = useId();
  const [creating, setCreating] = useState(false);
  const addButton = (label: string) => (
    <Button aria-haspopup="dialog" onClick={() => setCreating(true)}>
      <PlusIcon aria-hidden />
      {label}
    </Button>
  );

  return (
    <section aria-labelledby={headingId} id="webhooks" className="scroll-mt-20">
      <Card className="gap-5">
        <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle id={headingId} className="text-lg">
              Webhooks
            </CardTitle>
            <CardDescription>
              SplitLink posts events to your endpoints as signed JSON. Failed deliveries are retried for about
              30 hours.
            </CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link to="/docs/api#webhooks">
                <BookOpenIcon aria-hidden />
                Verify signatures
              </Link>
            </Button>
            {status === "ready" && webhooks.length > 0 && addButton("Add endpoint")}
          </div>
        </CardHeader>
        <CardContent>
          {status === "loading" ? (
            <div className="flex justify-center py-10">
              <Spinner size="lg" />
            </div>
          ) : status === "failed" ? (
            <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-10 text-center">
              <p className="text-muted-foreground">{WEBHOOK_MESSAGES.loadFailed}</p>
              <Button variant="outline" className="mt-4" onClick={retry}>
                <RotateCwIcon aria-hidden />
                Try again
              </Button>
            </div>
          ) : webhooks.length === 0 ? (
            <NoWebhooksYet>{addButton("Add your first endpoint")}</NoWebhooksYet>
          ) : (
            <WebhookList webhooks={webhooks} onDeleted={dropWebhook} onDelivered={markDelivered} />
          )}
        </CardContent>
      </Card>
      <CreateWebhookDialog open={creating} onOpenChange={setCreating} onCreated={addWebhook} />
    </section>
  );
}
