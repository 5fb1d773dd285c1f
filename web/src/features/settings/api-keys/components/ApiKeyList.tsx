import type { ApiKey } from "@contract/api";
import { KeyRoundIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { scopeLabel } from "@/features/settings/api-keys/api-key-scopes";
import { RevokeApiKeyButton } from "@/features/settings/api-keys/components/RevokeApiKeyButton";
import { formatTimeAgo } from "@/lib/time";

function When({ at }: { at: number }) {
  const date = new Date(at);
  return (
    <time dateTime={date.toISOString()} title={date.toLocaleString()}>
      {formatTimeAgo(at)}
    </time>
  );
}

interface ApiKeyListProps {
  keys: readonly ApiKey[];
}

/** One row per key: name, scope, recognisable start, created and last used; one layout for every width. */
export function ApiKeyList({ keys }: ApiKeyListProps) {
  return (
    <ul className="divide-y rounded-xl border bg-card">
      {keys.map((key) => (
        <li key={key.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex min-w-0 items-start gap-3">
            <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-primary">
              <KeyRoundIcon className="size-4" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="flex min-w-0 flex-wrap items-center gap-2">
                <span className="truncate font-medium" title={key.name}>
                  {key.name}
                </span>
                <Badge variant="outline">{scopeLabel(key.scope)}</Badge>
              </p>
              <p className="font-mono text-muted-foreground text-sm">{key.prefix}…</p>
              <p className="mt-1 text-muted-foreground text-xs">
                Created <When at={key.createdAt} /> ·{" "}
                {key.lastUsedAt === null ? (
                  "Never used"
                ) : (
                  <>
                    Last used <When at={key.lastUsedAt} />
                  </>
                )}
              </p>
            </div>
          </div>
          <div className="self-end sm:self-center">
            <RevokeApiKeyButton apiKey={key} />
          </div>
        </li>
      ))}
    </ul>
  );
}
