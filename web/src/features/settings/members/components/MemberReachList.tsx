import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { memberReach } from "@/features/settings/members/api/members";
import { queryKeys } from "@/lib/query-keys";
import { MEMBER_SCREEN_MESSAGES as M } from "@/lib/workspaces/member-screen-messages";

/** In the remove dialog: what the member set up here, and what becomes of each once they are removed. */
export function MemberReachList({ workspaceId, userId }: { workspaceId: string; userId: string }) {
  const { data: reach } = useQuery({
    queryKey: [...queryKeys.workspaceMembers(workspaceId), userId, "reach"],
    queryFn: ({ signal }) => memberReach(workspaceId, userId, signal),
  });
  if (!reach) return <p className="text-muted-foreground text-sm">{M.reachLoading}</p>;
  const parts: ReactNode[] = [];
  const list = (title: string, items: string[]) =>
    items.length > 0 &&
    parts.push(
      <div key={title}>
        <p>{title}</p>
        <ul className="list-disc pl-5">
          {items.map((item) => (
            <li key={item} className="break-all">
              {item}
            </li>
          ))}
        </ul>
      </div>,
    );
  list(
    M.reachKeys,
    reach.apiKeys.map((key) => `${key.name} (${key.prefix}…)`),
  );
  list(
    M.reachInvitations,
    reach.invitations.map((invitation) => invitation.email),
  );
  list(
    M.reachWebhooks,
    reach.webhooks.map((webhook) => webhook.url),
  );
  if (reach.slack) parts.push(<p key="slack">{M.reachSlack}</p>);
  if (reach.stripeSecret) parts.push(<p key="stripe">{M.reachStripe}</p>);
  list(
    M.reachShareLinks,
    reach.shareLinks.map((link) => link.testName),
  );
  return (
    <div className="grid max-h-64 gap-2 overflow-y-auto text-sm" aria-live="polite">
      {parts.length > 0 ? parts : <p className="text-muted-foreground">{M.reachNothing}</p>}
    </div>
  );
}
