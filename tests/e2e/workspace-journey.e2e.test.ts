import { describe, expect, it } from "vitest";
import { HISTORY_MESSAGES } from "../../contract/messages";
import { WORKSPACE_HEADER } from "../../contract/workspaces";
import { MEMBER_SCREEN_MESSAGES } from "../../web/src/lib/workspaces/member-screen-messages";
import { WORKSPACE_SCREEN_MESSAGES } from "../../web/src/lib/workspaces/workspace-screen-messages";
import { CRONS } from "../../worker/crons";
import { screenshot, startBrowser, WIDTHS } from "./browser";
import { linkFromOutbox, PASSWORD, signUpOverHttp, visibleToast, visitFromNewAddresses } from "./flows";

// Issue #34, "Done when": the owner invites a viewer, who sees the results and cannot change them; a
// shared report opens signed out and stops when revoked; the History shows the share, the pause and
// what the autopilot did.

const browser = startBrowser();

/** What the owner may press on a running test's page and a viewer finds nowhere. */
const CHANGE_CONTROLS = ["Pause test", "Edit variants", "Change end", "Change goal", "Change rules"];

describe("a workspace shared with a viewer", () => {
  it("invites a viewer who reads but cannot change; shares a report and revokes it; the History shows who did what", async () => {
    const stamp = Date.now();
    const ownerEmail = `journey-owner-${stamp}@example.com`;
    const viewerEmail = `journey-viewer-${stamp}@example.com`;
    const owner = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(owner, ownerEmail, { verified: true });

    await owner.goto("/create-test");
    await owner.getByLabel("Test Name").fill("Team pricing test");
    await owner.getByLabel("URL A").fill("https://example.com/a");
    await owner.getByLabel("URL B").fill("https://example.com/b");
    await owner.getByText("End the test on its own (optional)").click();
    await owner.getByLabel("End after this many visitors").fill("200");
    // No week's wait: the autopilot may end it at its visitors during this journey.
    await owner.getByLabel("Minimum days before any call").fill("0");
    await owner.getByRole("button", { name: "Create Test" }).click();
    await owner.waitForURL((url) => url.pathname.startsWith("/test/"));
    const testPath = new URL(owner.url()).pathname;
    const slug = testPath.split("/").pop() ?? "";
    const { test } = (await (await owner.request.get(`/api/tests/${slug}`)).json()) as {
      test: { id: string };
    };

    // The owner invites a viewer by email from Settings.
    await owner.goto("/settings/members");
    const members = owner.getByRole("region", { name: MEMBER_SCREEN_MESSAGES.membersTitle });
    await members.getByLabel("Email").fill(viewerEmail);
    await members.getByLabel("Role", { exact: true }).selectOption("viewer");
    await members.getByRole("button", { name: MEMBER_SCREEN_MESSAGES.inviteButton }).click();
    await visibleToast(owner, MEMBER_SCREEN_MESSAGES.invited(viewerEmail));

    // The viewer accepts from the outbox and lands in the owner's workspace.
    const viewer = await browser.newPage(WIDTHS.narrow);
    const link = await linkFromOutbox(viewer, viewerEmail, "/invitations/");
    await viewer.goto(link);
    await viewer.getByRole("link", { name: "Sign up" }).click();
    await viewer.getByLabel("Email").fill(viewerEmail);
    await viewer.getByLabel("Password").fill(PASSWORD);
    await viewer.getByRole("button", { name: "Create account" }).click();
    await viewer.getByRole("button", { name: MEMBER_SCREEN_MESSAGES.accept }).click();
    await viewer.waitForURL((url) => url.pathname === "/dashboard");

    // They see the test and its results, and no way to change it.
    // At 375 px the test is a card: open it, then View.
    await viewer.getByRole("button", { name: "Team pricing test" }).click();
    // A viewer's dashboard has no create button.
    expect(await viewer.getByRole("link", { name: "Create New Test" }).count()).toBe(0);
    expect(await viewer.getByRole("link", { name: "Import links" }).count()).toBe(0);
    await viewer.getByRole("link", { name: /View/ }).first().click();
    await viewer.waitForURL((url) => url.pathname === testPath);
    await viewer.locator("[data-standing]").waitFor();
    await viewer.getByText(WORKSPACE_SCREEN_MESSAGES.viewerNote).first().waitFor();
    for (const name of CHANGE_CONTROLS)
      expect(await viewer.getByRole("button", { name, exact: true }).count(), name).toBe(0);
    await screenshot(viewer, "test-detail-viewer");
    // The API refuses the viewer's change, whatever the screen shows.
    const ownerWorkspace = (
      (await (await owner.request.get("/api/auth/me")).json()) as { user: { id: string } }
    ).user.id;
    const refused = await viewer.evaluate(
      async ([id, header, workspace]) =>
        (await fetch(`/api/tests/${id}/pause`, { method: "POST", headers: { [header]: workspace } })).status,
      [test.id, WORKSPACE_HEADER, ownerWorkspace] as const,
    );
    expect(refused).toBe(403);

    // The owner pauses and resumes, then shares a report link. The owner has the controls the viewer lacks.
    await owner.goto(testPath);
    await owner.getByRole("button", { name: "Pause test" }).waitFor();
    for (const name of CHANGE_CONTROLS)
      expect(await owner.getByRole("button", { name, exact: true }).count(), name).toBeGreaterThan(0);
    await owner.getByRole("button", { name: "Pause test" }).click();
    await owner.getByRole("button", { name: "Resume test" }).click();
    await owner.getByRole("button", { name: "Pause test" }).waitFor();
    await owner.getByRole("button", { name: "Share results" }).click();
    const dialog = owner.getByRole("dialog", { name: "Share the results" });
    await dialog.getByRole("button", { name: "Create a link" }).click();
    const reportUrl = await dialog.getByLabel("Report link", { exact: true }).inputValue();

    // It opens signed out, and stops working once revoked.
    const reader = await browser.newPage(WIDTHS.narrow);
    expect((await reader.goto(reportUrl))?.status()).toBe(200);
    await reader.getByRole("heading", { name: "Team pricing test — SplitLink results" }).waitFor();
    expect(await reader.content()).not.toContain(ownerEmail);
    await dialog.getByRole("button", { name: "Revoke link" }).click();
    await owner.getByRole("alertdialog").getByRole("button", { name: "Revoke link" }).click();
    await dialog.getByText("No link yet.").waitFor();
    expect((await reader.reload())?.status()).toBe(404);
    await owner.keyboard.press("Escape");

    // The autopilot ends the test at its 200 visitors.
    await visitFromNewAddresses(`${browser.baseURL}/r/${slug}`, 210, 9000);
    await expect
      .poll(
        async () => {
          await fetch(`${browser.baseURL}/__scheduled?cron=${encodeURIComponent(CRONS.autopilot)}`);
          return (await (await owner.request.get(`/api/tests/${slug}`)).json()).test.status;
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe("completed");

    // The History names each: the owner's share and pause, and the autopilot's end.
    await owner.reload();
    const history = owner.getByRole("region", { name: HISTORY_MESSAGES.title });
    await history.getByText(`${ownerEmail} ${HISTORY_MESSAGES.actions["test.shared"]}`).waitFor();
    await history.getByText(`${ownerEmail} ${HISTORY_MESSAGES.actions["test.share_revoked"]}`).waitFor();
    await history.getByText(`${ownerEmail} ${HISTORY_MESSAGES.actions["test.paused"]}`).waitFor();
    await history
      .getByText(`${HISTORY_MESSAGES.autopilot} ${HISTORY_MESSAGES.actions["test.ended"]}`)
      .waitFor();
    await screenshot(owner, "test-detail-history");
  }, 240_000);
});
