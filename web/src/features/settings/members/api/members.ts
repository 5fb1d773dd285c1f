import type {
  InvitationListResponse,
  InvitationResponse,
  InviteInput,
  MemberListResponse,
  MemberReachResponse,
  MemberResponse,
} from "@contract/api";
import type { Role } from "@contract/workspaces";
import { apiFetch } from "@/lib/api";

// A workspace's members and invitations (worker/routes/members.ts).

const base = (workspaceId: string) => `/api/workspaces/${encodeURIComponent(workspaceId)}`;

export async function listMembers(workspaceId: string, signal?: AbortSignal) {
  return (await apiFetch<MemberListResponse>(`${base(workspaceId)}/members`, { signal })).members;
}

/** What removing the member would end (the remove dialog lists it before it is confirmed). */
export async function memberReach(workspaceId: string, userId: string, signal?: AbortSignal) {
  const path = `${base(workspaceId)}/members/${encodeURIComponent(userId)}/reach`;
  return (await apiFetch<MemberReachResponse>(path, { signal })).reach;
}

export async function listInvitations(workspaceId: string, signal?: AbortSignal) {
  return (await apiFetch<InvitationListResponse>(`${base(workspaceId)}/invitations`, { signal })).invitations;
}

export async function invite(workspaceId: string, input: InviteInput) {
  return (
    await apiFetch<InvitationResponse>(`${base(workspaceId)}/invitations`, { method: "POST", body: input })
  ).invitation;
}

export async function resendInvitation(workspaceId: string, invitationId: string) {
  const path = `${base(workspaceId)}/invitations/${encodeURIComponent(invitationId)}/resend`;
  return (await apiFetch<InvitationResponse>(path, { method: "POST" })).invitation;
}

export async function revokeInvitation(workspaceId: string, invitationId: string) {
  const path = `${base(workspaceId)}/invitations/${encodeURIComponent(invitationId)}`;
  await apiFetch<{ ok: true }>(path, { method: "DELETE" });
}

export async function changeRole(workspaceId: string, userId: string, role: Role) {
  const path = `${base(workspaceId)}/members/${encodeURIComponent(userId)}`;
  return (await apiFetch<MemberResponse>(path, { method: "PATCH", body: { role } })).member;
}

/** An owner removing a member, or a member removing themself (leaving). */
export async function removeMember(workspaceId: string, userId: string) {
  await apiFetch<{ ok: true }>(`${base(workspaceId)}/members/${encodeURIComponent(userId)}`, {
    method: "DELETE",
  });
}

export async function transferOwnership(workspaceId: string, userId: string) {
  await apiFetch<MemberListResponse>(`${base(workspaceId)}/transfer`, { method: "POST", body: { userId } });
}
