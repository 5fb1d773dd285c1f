import { API_KEY_MESSAGES } from "@contract/messages";
import { BookOpenIcon, PlusIcon, RotateCwIcon } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { ApiKeyList } from "@/features/settings/api-keys/components/ApiKeyList";
import { CreateApiKeyDialog } from "@/features/settings/api-keys/components/CreateApiKeyDialog";
import { NoApiKeysYet } from "@/features/settings/api-keys/components/NoApiKeysYet";
import { useApiKeys } from "@/features/settings/api-keys/use-api-keys";

/** Everything about API keys in one card: list, create (shown once), revoke. Fits any settings page. */
export function ApiKeysSection() {
  const { status, keys, retry, addKey, dropKey } = useApiKeys();
  const headingId = useId();
  const [creating, setCreating] = useState(false);
  const createButton = (label: string) => (
    <Button aria-haspopup="dialog" onClick={() => setCreating(true)}>
      <PlusIcon aria-hidden />
      {label}
    </Button>
  );

  return (
    <section aria-labelledby={headingId}>
      <Card className="gap-5">
        <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle id={headingId} className="text-lg">
              API keys
            </CardTitle>
            <CardDescription>
              Keys let other tools use the SplitLink API on your behalf. Treat them like passwords.
            </CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link to="/docs/api">
                <BookOpenIcon aria-hidden />
                API docs
              </Link>
            </Button>
            {status === "ready" && keys.length > 0 && createButton("Create API key")}
          </div>
        </CardHeader>
        <CardContent>
          {status === "loading" ? (
            <div className="flex justify-center py-10">
              <Spinner size="lg" />
            </div>
          ) : status === "failed" ? (
            <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-10 text-center">
              <p className="text-muted-foreground">{API_KEY_MESSAGES.loadFailed}</p>
              <Button variant="outline" className="mt-4" onClick={retry}>
                <RotateCwIcon aria-hidden />
                Try again
              </Button>
            </div>
          ) : keys.length === 0 ? (
            <NoApiKeysYet>{createButton("Create your first API key")}</NoApiKeysYet>
          ) : (
            <ApiKeyList keys={keys} onRevoked={dropKey} />
          )}
        </CardContent>
      </Card>
      <CreateApiKeyDialog open={creating} onOpenChange={setCreating} onCreated={addKey} />
    </section>
  );
}
