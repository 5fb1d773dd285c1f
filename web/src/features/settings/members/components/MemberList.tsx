import type { Member } from "@contract/api";
import { MEMBER_MESSAGES } from "@contract/messages";
import { ROLES, type Role } from "@contract/workspaces";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { changeRole, removeMember, transferOwnership } from "@/features/settings/members/api/members";
import { MemberReachList } from "@/features/settings/members/components/MemberReachList";
import { useMemberAction } from "@/features/settings/members/use-members";
import { MEMBER_SCREEN_MESSAGES } from "@/lib/workspaces/member-screen-messages";

interface MemberListProps {
  workspaceId: string;
  members: Member[];
  userId: string;
  /** Whether the viewer may change roles, remove members and hand over ownership. */
  manage: boolean;
}

export function MemberList({ workspaceId, members, userId, manage }: MemberListProps) {
  const run = useMemberAction(workspaceId);
  const owners = members.filter((member) => member.role === "owner").length;
  return (
    <ul className="divide-y rounded-lg border" aria-label={MEMBER_SCREEN_MESSAGES.membersTitle}>
      {members.map((member) => {
        const isMe = member.userId === userId;
        const roleName = MEMBER_MESSAGES.roleNames[member.role];
        // The last owner stays one: no select that could only be refused.
        const fixed = member.role === "owner" && owners <= 1;
        return (
          <li key={member.userId} className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center">
            <div className="min-w-0 flex-1">
              <p className="break-all font-medium">
                {member.email}
                {isMe && <span className="text-muted-foreground"> ({MEMBER_SCREEN_MESSAGES.you})</span>}
              </p>
            </div>
            {manage && !fixed ? (
              <div className="flex flex-wrap items-center gap-2">
                <NativeSelect
                  className="w-32"
                  aria-label={`Role of ${member.email}`}
                  value={member.role}
                  onChange={(event) => {
                    const role = event.target.value as Role;
                    void run(
                      () => changeRole(workspaceId, member.userId, role),
                      `${MEMBER_SCREEN_MESSAGES.roleChanged(member.email)} ${MEMBER_MESSAGES.roleNames[role].toLowerCase()}`,
                    );
                  }}
                >
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {MEMBER_MESSAGES.roleNames[role]}
                    </option>
                  ))}
                </NativeSelect>
                {!isMe && member.role !== "owner" && (
                  <ConfirmDialog
                    trigger={
                      <Button variant="outline" size="sm" aria-label={`Make ${member.email} owner`}>
                        {MEMBER_SCREEN_MESSAGES.transfer}
                      </Button>
                    }
                    title={`${MEMBER_SCREEN_MESSAGES.transfer}?`}
                    description={MEMBER_SCREEN_MESSAGES.transferConfirm(member.email)}
                    confirmLabel={MEMBER_SCREEN_MESSAGES.transfer}
                    onConfirm={() =>
                      void run(
                        () => transferOwnership(workspaceId, member.userId),
                        MEMBER_SCREEN_MESSAGES.transferred(member.email),
                      )
                    }
                  />
                )}
                {!isMe && (
                  <ConfirmDialog
                    trigger={
                      <Button variant="outline" size="sm" aria-label={`Remove ${member.email}`}>
                        {MEMBER_SCREEN_MESSAGES.remove}
                      </Button>
                    }
                    title={`${MEMBER_SCREEN_MESSAGES.remove} ${member.email}?`}
                    description={MEMBER_SCREEN_MESSAGES.removeConfirm(member.email)}
                    confirmLabel={MEMBER_SCREEN_MESSAGES.remove}
                    onConfirm={() =>
                      void run(
                        () => removeMember(workspaceId, member.userId),
                        MEMBER_SCREEN_MESSAGES.removed(member.email),
                      )
                    }
                  >
                    <MemberReachList workspaceId={workspaceId} userId={member.userId} />
                  </ConfirmDialog>
                )}
              </div>
            ) : (
              <Badge variant="secondary" className="self-start sm:self-auto">
                {roleName}
              </Badge>
            )}
          </li>
        );
      })}
    </ul>
  );
}
