import { describe, expect, it } from "vitest";
import { MEMBER_MESSAGES } from "../../contract/messages";
import { SIGNED_UP_VERIFIED_MESSAGE } from "../../web/src/lib/auth/auth-messages";
import { MEMBER_SCREEN_MESSAGES } from "../../web/src/lib/workspaces/member-screen-messages";
import { seriousViolations } from "./axe";
import { screenshot, startBrowser, WIDTHS } from "./browser";
import { linkFromOutbox, PASSWORD, signUpOverHttp, verifyEmailOverHttp, visibleToast } from "./flows";

const browser = startBrowser();

describe("members and invitations", () => {
  it("the owner invites a viewer from Settings; the invitee signs up from the emailed link, accepts and is a member", async () => {
    const ownerEmail = `owner-${Date.now()}@example.com`;
    const inviteeEmail = `invitee-${Date.now()}@example.com`;
    const owner = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(owner, ownerEmail);
    const ownerId = ((await (await owner.request.get("/api/auth/me")).json()) as { user: { id: string } })
      .user.id;

    await owner.goto("/settings/members");
    const members = owner.getByRole("region", { name: MEMBER_SCREEN_MESSAGES.membersTitle });
    await members.getByText(ownerEmail).waitFor();
    // An empty email is refused next to the field.
    await members.getByRole("button", { name: MEMBER_SCREEN_MESSAGES.inviteButton }).click();
    await members.getByText(MEMBER_MESSAGES.emailRequired).waitFor();
    // Only a verified email may invite (issue #45): said beside the form, with a new link one click away.
    await members.getByText(MEMBER_MESSAGES.verifyToInvite).waitFor();
    await members.getByRole("button", { name: "Resend email" }).waitFor();
    await members.getByLabel("Email").fill(inviteeEmail);
    await members.getByRole("button", { name: MEMBER_SCREEN_MESSAGES.inviteButton }).click();
    await visibleToast(owner, MEMBER_MESSAGES.verifyToInvite);
    await verifyEmailOverHttp(owner, ownerEmail);
    await owner.reload();
    await members.getByText(ownerEmail).waitFor();
    expect(await members.getByText(MEMBER_MESSAGES.verifyToInvite).count()).toBe(0);
    await members.getByLabel("Email").fill(inviteeEmail);
    await members.getByLabel("Role", { exact: true }).selectOption("viewer");
    await members.getByRole("button", { name: MEMBER_SCREEN_MESSAGES.inviteButton }).click();
    await visibleToast(owner, MEMBER_SCREEN_MESSAGES.invited(inviteeEmail));
    const pending = members.getByRole("list", { name: MEMBER_SCREEN_MESSAGES.invitationsTitle });
    await pending.getByText(inviteeEmail).waitFor();
    // The same email again is refused under the field, and nothing says it was sent.
    const sentToast = owner
      .locator("[data-sonner-toast]")
      .filter({ hasText: MEMBER_SCREEN_MESSAGES.invited(inviteeEmail) });
    await sentToast.waitFor({ state: "detached" });
    await members.getByLabel("Email").fill(inviteeEmail);
    await members.getByRole("button", { name: MEMBER_SCREEN_MESSAGES.inviteButton }).click();
    await members.getByText(MEMBER_MESSAGES.alreadyInvited).waitFor();
    expect(await sentToast.count()).toBe(0);
    await screenshot(owner, "settings-members");
    expect(await seriousViolations(owner)).toEqual([]);

    // The invitee opens the link signed out: it says who invites to what before anyone signs up.
    const invitee = await browser.newPage(WIDTHS.narrow);
    const link = await linkFromOutbox(invitee, inviteeEmail, "/invitations/");
    expect(new URL(link).pathname).toMatch(/^\/invitations\/[\w-]{43}$/);
    await invitee.goto(link);
    const invitedText = MEMBER_SCREEN_MESSAGES.invitedBy(ownerEmail, ownerEmail, "viewer");
    await invitee.getByText(invitedText).waitFor();
    await invitee.getByText(MEMBER_SCREEN_MESSAGES.signInToAccept).waitFor();
    expect(await seriousViolations(invitee)).toEqual([]);
    // Sign-up has the invited email filled in; the link proved it, so there is nothing to verify.
    await invitee.getByRole("link", { name: "Sign up" }).click();
    expect(await invitee.getByLabel("Email").inputValue()).toBe(inviteeEmail);
    await invitee.getByLabel("Password").fill(PASSWORD);
    await invitee.getByRole("button", { name: "Create account" }).click();
    await visibleToast(invitee, SIGNED_UP_VERIFIED_MESSAGE);
    await invitee.waitForURL((url) => url.pathname === new URL(link).pathname);
    await invitee.getByText(invitedText).waitFor();
    const me = await invitee.request.get("/api/auth/me");
    expect(await me.json()).toMatchObject({ emailVerified: true });
    await screenshot(invitee, "invitation");
    expect(await seriousViolations(invitee)).toEqual([]);
    await invitee.getByRole("button", { name: MEMBER_SCREEN_MESSAGES.accept }).click();
    await invitee.waitForURL((url) => url.pathname === "/dashboard");
    await visibleToast(invitee, MEMBER_SCREEN_MESSAGES.acceptedToast(ownerEmail));

    // The invitee is now a viewer of the owner's workspace.
    const listed = await invitee.request.get(`/api/workspaces/${ownerId}/members`);
    expect(listed.status()).toBe(200);
    const body = (await listed.json()) as { members: { email: string; role: string }[] };
    expect(body.members).toEqual([
      expect.objectContaining({ email: ownerEmail, role: "owner" }),
      expect.objectContaining({ email: inviteeEmail, role: "viewer" }),
    ]);

    // The owner sees them among the members, no longer pending.
    await owner.reload();
    await members.getByLabel(`Role of ${inviteeEmail}`).waitFor();
    expect(await members.getByLabel(`Role of ${inviteeEmail}`).inputValue()).toBe("viewer");
    await members.getByText(MEMBER_SCREEN_MESSAGES.noInvitations).waitFor();

    // The link is used up.
    await invitee.goto(link);
    await invitee.getByText(MEMBER_MESSAGES.invitationGone.accepted).waitFor();
  });
});
