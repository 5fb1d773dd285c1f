import { API_KEY_MESSAGES } from "@contract/messages";
import { RevokedKeysFrame } from "@/components/auth/RevokedKeysNotice";
import { useRevokedApiKeys } from "@/features/settings/api-keys/use-api-keys";
import { formatTimeAgo } from "@/lib/time";

/** The keys SplitLink revoked lately (a password reset, a member's removal…), and what stopped with them. */
export function RevokedApiKeys() {
  const revoked = useRevokedApiKeys();
  if (revoked.length === 0) return null;
  return (
    <RevokedKeysFrame>
      {revoked.map((key) => (
        <li key={key.id}>
          {key.name} <span className="font-mono text-muted-foreground">{key.prefix}…</span>:{" "}
          {API_KEY_MESSAGES.revokedBecause[key.reason]} {formatTimeAgo(key.revokedAt)}
        </li>
      ))}
    </RevokedKeysFrame>
  );
}
