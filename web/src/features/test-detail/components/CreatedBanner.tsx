import { TEST_MESSAGES } from "@contract/messages";
import { PartyPopperIcon } from "lucide-react";

/** Greets a test that was just created. */
export function CreatedBanner() {
  return (
    <div className="flex items-center gap-3 rounded-xl border border-success/30 bg-success-muted px-4 py-3 font-medium text-sm text-success">
      <PartyPopperIcon className="size-5 shrink-0" aria-hidden />
      {TEST_MESSAGES.createdBanner}
    </div>
  );
}
