import { ACCOUNT_MESSAGES } from "@contract/messages";
import { LinkIcon } from "lucide-react";
import type { ReactNode } from "react";

/** A link from an email that cannot be used (unknown, used, expired): says so and offers a way on. */
export function InvalidLink({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="grid justify-items-center gap-3 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-destructive-muted text-destructive">
        <LinkIcon className="size-6" aria-hidden />
      </span>
      <p className="font-medium">{ACCOUNT_MESSAGES.invalidLink}</p>
      {children}
    </div>
  );
}
