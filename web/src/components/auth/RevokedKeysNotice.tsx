import type { RevokedKeyOfAccount } from "@contract/api";
import { ACCOUNT_MESSAGES } from "@contract/messages";
import type { ReactNode } from "react";

/** The frame of every list of API keys SplitLink revoked: what they were, and what stops working with them. */
export function RevokedKeysFrame({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      className="grid gap-2 rounded-md border border-amber-500/40 bg-amber-50 p-4 text-sm dark:bg-amber-950/30"
    >
      <p className="font-semibold">{ACCOUNT_MESSAGES.keysRevokedTitle}</p>
      <ul className="list-disc pl-5">{children}</ul>
      <p>{ACCOUNT_MESSAGES.keysRevokedEffect}</p>
    </div>
  );
}

/** Which API keys a password reset or change revoked, and what stops working with them. */
export function RevokedKeysNotice({ keys }: { keys: RevokedKeyOfAccount[] }) {
  return (
    <RevokedKeysFrame>
      {keys.map((key) => (
        <li key={`${key.workspaceName} ${key.prefix}`}>
          {key.name} <span className="font-mono text-muted-foreground">{key.prefix}…</span> in{" "}
          {key.workspaceName}
        </li>
      ))}
    </RevokedKeysFrame>
  );
}
