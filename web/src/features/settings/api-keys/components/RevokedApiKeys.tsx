import { ACCOUNT_MESSAGES, API_KEY_MESSAGES } from "@contract/messages";
import { useRevokedApiKeys } from "@/features/settings/api-keys/use-api-keys";
import { formatTimeAgo } from "@/lib/time";

/** The keys SplitLink revoked lately (a password reset, a member's removal…), and what stopped with them. */
export function RevokedApiKeys() {
  const revoked = useRevokedApiKeys();
  if (revoked.length === 0) return null;
  return (
    <div
      role="status"
      className="grid gap-2 rounded-md border border-amber-500/40 bg-amber-50 p-4 text-sm dark:bg-amber-950/30"
    >
      <p className="font-semibold">{ACCOUNT_MESSAGES.keysRevokedTitle}</p>
      <ul className="list-disc pl-5">
        {revoked.map((key) => (
          <li key={key.id}>
            {key.name} <span className="font-mono text-muted-foreground">{key.prefix}…</span>:{" "}
            {API_KEY_MESSAGES.revokedBecause[key.reason]} {formatTimeAgo(key.revokedAt)}
          </li>
        ))}
      </ul>
      <p>{ACCOUNT_MESSAGES.keysRevokedEffect}</p>
    </div>
  );
}
