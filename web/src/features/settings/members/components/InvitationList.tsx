import type { Invitation } from "@contract/api";
import { MEMBER_MESSAGES } from "@contract/messages";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { resendInvitation, revokeInvitation } from "@/features/settings/members/api/members";
import { useMemberAction } from "@/features/settings/members/use-members";
import { MEMBER_SCREEN_MESSAGES } from "@/lib/workspaces/member-screen-messages";

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium" });

export function InvitationList({
  workspaceId,
  invitations,
}: {
  workspaceId: string;
  invitations: Invitation[];
}) {
  const run = useMemberAction(workspaceId);
  if (invitations.length === 0)
    return <p className="text-muted-foreground text-sm">{MEMBER_SCREEN_MESSAGES.noInvitations}</p>;
  return (
    <ul className="divide-y rounded-lg border" aria-label={MEMBER_SCREEN_MESSAGES.invitationsTitle}>
      {invitations.map((invitation) => (
        <li key={invitation.id} className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center">
          <div className="min-w-0 flex-1">
            <p className="break-all font-medium">{invitation.email}</p>
            <p className="text-muted-foreground text-sm">
              {MEMBER_MESSAGES.roleNames[invitation.role]} ·{" "}
              {invitation.state === "expired" ? (
                <Badge variant="outline">Expired</Badge>
              ) : (
                MEMBER_SCREEN_MESSAGES.expiresOn(dateFormat.format(invitation.expiresAt))
              )}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              aria-label={`${MEMBER_SCREEN_MESSAGES.resend} the invitation to ${invitation.email}`}
              onClick={() =>
                void run(
                  () => resendInvitation(workspaceId, invitation.id),
                  MEMBER_SCREEN_MESSAGES.resent(invitation.email),
                )
              }
            >
              {MEMBER_SCREEN_MESSAGES.resend}
            </Button>
            <ConfirmDialog
              trigger={
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`${MEMBER_SCREEN_MESSAGES.revoke} the invitation to ${invitation.email}`}
                >
                  {MEMBER_SCREEN_MESSAGES.revoke}
                </Button>
              }
              title={`${MEMBER_SCREEN_MESSAGES.revoke}?`}
              description={MEMBER_SCREEN_MESSAGES.revokeConfirm(invitation.email)}
              confirmLabel={MEMBER_SCREEN_MESSAGES.revoke}
              onConfirm={() =>
                void run(() => revokeInvitation(workspaceId, invitation.id), MEMBER_SCREEN_MESSAGES.revoked)
              }
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
