import { RotateCwIcon } from "lucide-react";
import { useId } from "react";
import { useNavigate } from "react-router-dom";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { removeMember } from "@/features/settings/members/api/members";
import { InvitationList } from "@/features/settings/members/components/InvitationList";
import { InviteForm } from "@/features/settings/members/components/InviteForm";
import { MemberList } from "@/features/settings/members/components/MemberList";
import { useMemberAction, useMembers } from "@/features/settings/members/use-members";
import { useAuth } from "@/lib/auth/use-auth";
import { MEMBER_SCREEN_MESSAGES } from "@/lib/workspaces/member-screen-messages";
import { useWorkspace } from "@/lib/workspaces/use-workspace";

/**
 * Settings › Members: who belongs to the current workspace and as what. An owner invites, changes
 * roles, removes and hands over ownership; everyone else reads the list and may leave.
 */
export function MembersSection() {
  const headingId = useId();
  const userId = useAuth().user?.id ?? "";
  const workspaceId = useWorkspace().workspace.id;
  const { status, members, invitations, myRole, retry } = useMembers(workspaceId, userId);
  const run = useMemberAction(workspaceId);
  const navigate = useNavigate();
  const owner = myRole === "owner";
  const owners = members.filter((member) => member.role === "owner").length;
  // The personal workspace (its id is its user's) cannot be left; nor can its last owner leave.
  const mayLeave = myRole !== undefined && workspaceId !== userId && !(owner && owners <= 1);

  return (
    <section aria-labelledby={headingId} id="members" className="scroll-mt-20">
      <Card className="gap-5">
        <CardHeader>
          <CardTitle id={headingId} className="text-lg">
            {MEMBER_SCREEN_MESSAGES.membersTitle}
          </CardTitle>
          <CardDescription>{MEMBER_SCREEN_MESSAGES.membersIntro}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {status === "loading" ? (
            <div className="flex justify-center py-10">
              <Spinner size="lg" />
            </div>
          ) : status === "failed" ? (
            <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-10 text-center">
              <p className="text-muted-foreground">{MEMBER_SCREEN_MESSAGES.loadFailed}</p>
              <Button variant="outline" className="mt-4" onClick={retry}>
                <RotateCwIcon aria-hidden />
                Try again
              </Button>
            </div>
          ) : (
            <>
              <MemberList workspaceId={workspaceId} members={members} userId={userId} manage={owner} />
              {owner ? (
                <>
                  <div className="grid gap-3">
                    <h3 className="font-medium">{MEMBER_SCREEN_MESSAGES.invitationsTitle}</h3>
                    <InvitationList workspaceId={workspaceId} invitations={invitations} />
                  </div>
                  <div className="grid gap-3">
                    <h3 className="font-medium">{MEMBER_SCREEN_MESSAGES.inviteTitle}</h3>
                    <InviteForm workspaceId={workspaceId} />
                  </div>
                </>
              ) : (
                <p className="text-muted-foreground text-sm">{MEMBER_SCREEN_MESSAGES.membersReadOnly}</p>
              )}
              {mayLeave && (
                <ConfirmDialog
                  trigger={
                    <Button variant="outline" className="justify-self-start">
                      {MEMBER_SCREEN_MESSAGES.leave}
                    </Button>
                  }
                  title={`${MEMBER_SCREEN_MESSAGES.leave}?`}
                  description={MEMBER_SCREEN_MESSAGES.leaveConfirm}
                  confirmLabel={MEMBER_SCREEN_MESSAGES.leave}
                  onConfirm={async () => {
                    if (await run(() => removeMember(workspaceId, userId), MEMBER_SCREEN_MESSAGES.left))
                      navigate("/dashboard");
                  }}
                />
              )}
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
