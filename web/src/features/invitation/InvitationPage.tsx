import type { InvitationView } from "@contract/api";
import { MEMBER_MESSAGES } from "@contract/messages";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { AuthCard } from "@/components/auth/AuthCard";
import { PageTitle } from "@/components/PageTitle";
import { Button } from "@/components/ui/button";
import { BusyLabel, Spinner } from "@/components/ui/spinner";
import { acceptInvitation, declineInvitation, viewInvitation } from "@/features/invitation/api/invitation";
import { invitedSignUpPath, loginPathFor } from "@/lib/auth/after-login";
import { useAuth } from "@/lib/auth/use-auth";
import { queryKeys } from "@/lib/query-keys";
import { serverMessage } from "@/lib/server-message";
import { toast } from "@/lib/toast";
import { rememberWorkspace } from "@/lib/workspaces/current-workspace";
import { MEMBER_SCREEN_MESSAGES } from "@/lib/workspaces/member-screen-messages";

/** /invitations/:token, the link of an invitation email: who invites to what, Accept or Decline. */
export default function InvitationPage() {
  const token = useParams().token ?? "";
  const { status } = useAuth();
  return (
    <AuthCard title={MEMBER_SCREEN_MESSAGES.invitationTitle} description="Join a SplitLink workspace.">
      <PageTitle>{MEMBER_SCREEN_MESSAGES.invitationTitle}</PageTitle>
      {status === "loading" ? (
        <Centered>
          <Spinner size="lg" />
        </Centered>
      ) : (
        <Invitation token={token} signedOut={status === "signed-out"} />
      )}
    </AuthCard>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return <div className="flex flex-col items-center gap-4 py-4 text-center">{children}</div>;
}

/** Signed out, who invites to what, then Log in or Sign up (with the invited email filled in). */
function Invitation({ token, signedOut }: { token: string; signedOut: boolean }) {
  const query = useQuery({
    queryKey: queryKeys.invitation(token, signedOut),
    queryFn: ({ signal }) => viewInvitation(token, signal),
  });
  if (query.data && signedOut && query.data.state === "pending")
    return <SignInToAnswer token={token} invitation={query.data} />;
  if (query.data) return <Answer token={token} invitation={query.data} />;
  if (query.isError)
    return (
      <Centered>
        <p role="alert">{serverMessage(query.error) ?? MEMBER_MESSAGES.invitationUnknown}</p>
        <DashboardLink />
      </Centered>
    );
  return (
    <Centered>
      <Spinner size="lg" />
    </Centered>
  );
}

function Invited({ invitation }: { invitation: InvitationView }) {
  const role = MEMBER_MESSAGES.roleNames[invitation.role].toLowerCase();
  return (
    <>
      <p>
        {invitation.inviterEmail
          ? MEMBER_SCREEN_MESSAGES.invitedBy(invitation.inviterEmail, invitation.workspaceName, role)
          : MEMBER_SCREEN_MESSAGES.invitedAnonymous(invitation.workspaceName, role)}
      </p>
      <p className="text-muted-foreground text-sm">{MEMBER_MESSAGES.roleHints[invitation.role]}.</p>
    </>
  );
}

function SignInToAnswer({ token, invitation }: { token: string; invitation: InvitationView }) {
  const path = `/invitations/${token}`;
  return (
    <div className="grid gap-5 text-center">
      <Invited invitation={invitation} />
      <p>{MEMBER_SCREEN_MESSAGES.signInToAccept}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to={invitedSignUpPath(path, { token, email: invitation.email })}>Sign up</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={loginPathFor(path)}>Log in</Link>
        </Button>
      </div>
    </div>
  );
}

function DashboardLink() {
  return (
    <Button asChild variant="outline">
      <Link to="/dashboard">Go to dashboard</Link>
    </Button>
  );
}

function Answer({ token, invitation }: { token: string; invitation: InvitationView }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const [busy, setBusy] = useState<"accept" | "decline" | null>(null);
  const [declined, setDeclined] = useState(false);

  if (declined || invitation.state !== "pending")
    return (
      <Centered>
        <p role="status">
          {declined || invitation.state === "declined"
            ? MEMBER_SCREEN_MESSAGES.declinedText
            : MEMBER_MESSAGES.invitationGone[invitation.state as "expired" | "revoked" | "accepted"]}
        </p>
        <DashboardLink />
      </Centered>
    );

  async function answer(kind: "accept" | "decline") {
    if (busy) return;
    setBusy(kind);
    try {
      if (kind === "accept") {
        const joined = await acceptInvitation(token);
        // The joined workspace becomes the current one; nothing cached from another workspace is shown.
        if (user) rememberWorkspace(user.id, joined.workspaceId);
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] });
        toast.success(MEMBER_SCREEN_MESSAGES.acceptedToast(invitation.workspaceName));
        navigate("/dashboard", { replace: true });
      } else {
        await declineInvitation(token);
        setDeclined(true);
      }
    } catch (error) {
      console.warn("Could not answer the invitation", error);
      toast.error(serverMessage(error) ?? MEMBER_SCREEN_MESSAGES.actionFailed);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="grid gap-5 text-center">
      <Invited invitation={invitation} />
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => void answer("accept")} aria-disabled={busy !== null}>
          <BusyLabel busy={busy === "accept"} label={MEMBER_SCREEN_MESSAGES.accept} busyLabel="Joining..." />
        </Button>
        <Button variant="outline" onClick={() => void answer("decline")} aria-disabled={busy !== null}>
          <BusyLabel
            busy={busy === "decline"}
            label={MEMBER_SCREEN_MESSAGES.decline}
            busyLabel="Declining..."
          />
        </Button>
      </div>
    </div>
  );
}
