import type { WebhookStatus } from "@contract/api";
import { CircleAlertIcon, CircleDotIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";

/** Active or Failing, with an icon so the colour is not the only clue. */
export function WebhookStatusBadge({ status }: { status: WebhookStatus }) {
  return status === "active" ? (
    <Badge variant="success" data-status={status}>
      <CircleDotIcon aria-hidden />
      Active
    </Badge>
  ) : (
    <Badge variant="destructive" data-status={status}>
      <CircleAlertIcon aria-hidden />
      Failing
    </Badge>
  );
}
