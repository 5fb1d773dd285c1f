import type { AcceptedInvitationResponse, InvitationViewResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

const base = (token: string) => `/api/invitations/${encodeURIComponent(token)}`;

/** The invitation the link names: its workspace, inviter, role and state. For the invited email only. */
export async function viewInvitation(token: string, signal?: AbortSignal) {
  return (await apiFetch<InvitationViewResponse>(base(token), { signal })).invitation;
}

export function acceptInvitation(token: string) {
  return apiFetch<AcceptedInvitationResponse>(`${base(token)}/accept`, { method: "POST" });
}

export async function declineInvitation(token: string) {
  await apiFetch<{ ok: true }>(`${base(token)}/decline`, { method: "POST" });
}
