import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type {
  AuthResponse,
  ConnectStripeResponse,
  CreatedApiKeyResponse,
  MemberListResponse,
  TestResponse,
  WorkspaceResponse,
} from "../../contract/api";
import { STRIPE_MESSAGES, TWO_FACTOR_MESSAGES } from "../../contract/messages";
import { WORKSPACE_HEADER } from "../../contract/workspaces";
import { visitorAddress } from "../../scripts/splitlink-api";
import { TWO_FACTOR_SCREEN_MESSAGES } from "../../web/src/lib/auth/two-factor-screen-messages";
import { MEMBER_SCREEN_MESSAGES } from "../../web/src/lib/workspaces/member-screen-messages";
import { seriousViolations } from "./axe";
import { DESKTOP_USER_AGENT, screenshot, startBrowser, WIDTHS } from "./browser";
import { linkFromOutbox, PASSWORD, postsOfEnterTwice, signUpOverHttp, visibleToast } from "./flows";
import { checkoutCompleted, sendToStripeEndpoint } from "./stripe";

// Issue #45, "Done when": a member's reach ends where their membership ends, seen from the screens. A
// viewer's account deletion leaves the owner's workspace alone; a removed editor's webhook, key and
// Stripe secret stop (the key for good); two-factor sign-in, and a workspace that requires it.

const browser = startBrowser();

/** Webhook deliveries by path: one path per member's endpoint. */
const received = new Map<string, string[]>();
let receiverOrigin = "";
let closeReceiver = async () => {};
beforeAll(async () => {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "";
      received.set(path, [...(received.get(path) ?? []), Buffer.concat(chunks).toString("utf8")]);
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  receiverOrigin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  closeReceiver = () => new Promise<void>((resolve) => server.close(() => resolve()));
});
afterAll(() => closeReceiver());

/** The cookie API as the SPA calls it, in a workspace: status and body (read as T when it succeeded). */
async function api<T = { error?: { code: string } }>(
  page: Page,
  method: string,
  path: string,
  data?: unknown,
  workspaceId?: string,
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { origin: inject("baseURL"), "content-type": "application/json" };
  if (workspaceId) headers[WORKSPACE_HEADER] = workspaceId;
  const response = await page.request.fetch(path, { method, headers, data });
  return { status: response.status(), body: (await response.json()) as T };
}

/** A new user, signed in on the page; answers their id (their personal workspace's too). */
async function newUser(page: Page, email: string, verified = false): Promise<string> {
  await signUpOverHttp(page, email, { verified });
  return (await api<AuthResponse>(page, "GET", "/api/auth/me")).body.user.id;
}

/** The owner invites the user with the role; they accept from the emailed link's token. */
async function join(owner: Page, member: Page, email: string, workspaceId: string, role: string) {
  expect(
    (await api(owner, "POST", `/api/workspaces/${workspaceId}/invitations`, { email, role })).status,
  ).toBe(201);
  const token = new URL(await linkFromOutbox(member, email, "/invitations/")).pathname.split("/").pop();
  expect((await api(member, "POST", `/api/invitations/${token}/accept`)).status).toBe(200);
}

function publicApi(key: string, path = "/api/v1/tests") {
  return fetch(`${browser.baseURL}${path}`, { headers: { authorization: `Bearer ${key}` } });
}

/** A new visitor through the split link: the session id the 302 names. */
async function visit(slug: string, address: number): Promise<string> {
  const response = await fetch(`${browser.baseURL}/r/${slug}`, {
    redirect: "manual",
    headers: { "user-agent": DESKTOP_USER_AGENT, "cf-connecting-ip": visitorAddress(address) },
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location") ?? "").searchParams.get("sessionId") ?? "";
}

/** A paid checkout of the visitor, signed with `secret` as Stripe signs it. */
function stripeCheckout(endpointUrl: string, secret: string, sessionId: string) {
  return sendToStripeEndpoint(endpointUrl, secret, checkoutCompleted(sessionId, 4900, "eur"));
}

const newStripeSecret = () =>
  `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("hex")}`;

/**
 * RFC 6238 (30 s, 6 digits, HMAC-SHA1) from the base32 key the setup screen shows, `steps` from now, as
 * an authenticator app computes it: with Node's own HMAC, not the Worker's worker/auth/totp.ts, so the
 * journey checks the server's codes against another implementation.
 */
function totpCode(base32Key: string, steps = 0): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of base32Key.replace(/[\s=]/g, "").toUpperCase())
    bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + steps));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/** Makes the workspace named `name` the current one from the header's switcher (which opens the dashboard), then opens `path`. */
async function openIn(page: Page, name: string, path: string) {
  await page.goto("/dashboard");
  await page.getByRole("button", { name: /^Workspace: / }).click();
  await page.getByRole("menuitemradio", { name: new RegExp(name) }).click();
  await page.getByRole("button", { name: new RegExp(`^Workspace: ${name}`) }).waitFor();
  if (path !== "/dashboard") await page.goto(path);
}

describe("teams you can trust", () => {
  it("a viewer deletes their account: the owner's tests, links and keys are untouched", async () => {
    const stamp = Date.now();
    const ownerEmail = `teams-owner-${stamp}@example.com`;
    const viewerEmail = `teams-viewer-${stamp}@example.com`;
    const owner = await browser.newPage(WIDTHS.wide);
    const ownerId = await newUser(owner, ownerEmail, true);
    const created = await api<TestResponse>(owner, "POST", "/api/tests", {
      name: "Spring sale",
      urlA: "https://example.com/a",
      urlB: "https://example.com/b",
    });
    expect(created.status).toBe(201);
    const slug = created.body.test.slug;
    const key = await api<CreatedApiKeyResponse>(owner, "POST", "/api/keys", {
      name: "Shop server",
      scope: "write",
    });
    expect(key.status).toBe(201);

    const viewer = await browser.newPage(WIDTHS.narrow);
    await newUser(viewer, viewerEmail);
    await join(owner, viewer, viewerEmail, ownerId, "viewer");

    // The viewer deletes their own account from Settings.
    await viewer.goto("/settings/account");
    await viewer.getByRole("button", { name: "Delete account" }).click();
    const dialog = viewer.getByRole("dialog", { name: "Delete your account?" });
    await dialog.getByLabel(/to confirm/).fill(viewerEmail);
    await dialog.getByLabel("Your password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await viewer.waitForURL((url) => url.pathname === "/");
    await visibleToast(viewer, "Your account and all its data have been deleted.");

    // The owner's link still redirects, their key still works, their dashboard still lists the test.
    await visit(slug, 45_001);
    const listed = await publicApi(key.body.key);
    expect(listed.status).toBe(200);
    expect(JSON.stringify(await listed.json())).toContain(slug);
    await owner.goto("/dashboard");
    await owner.getByText("Spring sale").first().waitFor();
    const members = await api<MemberListResponse>(owner, "GET", `/api/workspaces/${ownerId}/members`);
    expect(members.body.members.map((member) => member.email)).toEqual([ownerEmail]);
  });

  it("the owner removes an editor: their webhook gets nothing more, their key never works again, their Stripe secret is refused until an owner pastes a new one", async () => {
    const stamp = Date.now();
    const ownerEmail = `teams-lead-${stamp}@example.com`;
    const editorEmail = `teams-editor-${stamp}@example.com`;
    const owner = await browser.newPage(WIDTHS.wide);
    await newUser(owner, ownerEmail, true);
    const team = (await api<WorkspaceResponse>(owner, "POST", "/api/workspaces", { name: "Client team" }))
      .body.workspace.id;
    const created = await api<TestResponse>(
      owner,
      "POST",
      "/api/tests",
      {
        name: "Checkout test",
        urlA: "https://example.com/a",
        urlB: "https://example.com/b",
        currency: "EUR",
      },
      team,
    );
    const slug = created.body.test.slug;
    const ownersHook = `${receiverOrigin}/owner-${stamp}`;
    const editorsHook = `${receiverOrigin}/editor-${stamp}`;
    const hook = (url: string) => ({ url, events: ["conversion.recorded"] });
    expect((await api(owner, "POST", "/api/webhooks", hook(ownersHook), team)).status).toBe(201);

    // The editor sets up an endpoint, a key and the Stripe connection of the team.
    const editor = await browser.newPage(WIDTHS.narrow);
    await newUser(editor, editorEmail);
    await join(owner, editor, editorEmail, team, "editor");
    expect((await api(editor, "POST", "/api/webhooks", hook(editorsHook), team)).status).toBe(201);
    const key = (
      await api<CreatedApiKeyResponse>(editor, "POST", "/api/keys", { name: "Editor's script" }, team)
    ).body.key;
    expect((await publicApi(key)).status).toBe(200);
    const oldSecret = newStripeSecret();
    const stripe = await api<ConnectStripeResponse>(
      editor,
      "PUT",
      "/api/integrations/stripe",
      { signingSecret: oldSecret },
      team,
    );
    expect(stripe.status).toBe(200);
    const endpointUrl = stripe.body.endpointUrl;

    // The owner removes them; the dialog says what stops before it is confirmed.
    await openIn(owner, "Client team", "/settings/members");
    await owner.getByRole("button", { name: `Remove ${editorEmail}` }).click();
    const dialog = owner.getByRole("alertdialog").or(owner.getByRole("dialog"));
    for (const text of [
      MEMBER_SCREEN_MESSAGES.reachKeys,
      MEMBER_SCREEN_MESSAGES.reachWebhooks,
      MEMBER_SCREEN_MESSAGES.reachStripe,
      "Editor's script",
      editorsHook,
    ])
      await dialog.getByText(text).first().waitFor();
    await screenshot(owner, "teams-remove-editor");
    await dialog.getByRole("button", { name: MEMBER_SCREEN_MESSAGES.remove, exact: true }).click();
    await visibleToast(owner, MEMBER_SCREEN_MESSAGES.removed(editorEmail));

    // Their key stops; an event signed with the secret they know is refused.
    expect((await publicApi(key)).status).toBe(401);
    const firstVisitor = await visit(slug, 45_101);
    expect((await stripeCheckout(endpointUrl, oldSecret, firstVisitor)).status).toBe(400);

    // The card says what to do; the owner pastes the rolled secret, and a checkout counts again.
    await owner.goto("/settings/integrations");
    const card = owner.locator("section#stripe");
    await card.getByText(STRIPE_MESSAGES.secretRetired).waitFor();
    const newSecret = newStripeSecret();
    await card.getByLabel(STRIPE_MESSAGES.secretLabel).fill(newSecret);
    await card.getByRole("button", { name: STRIPE_MESSAGES.replaceSecret }).click();
    await card.getByText(STRIPE_MESSAGES.secretRetired).waitFor({ state: "detached" });
    expect((await stripeCheckout(endpointUrl, oldSecret, firstVisitor)).status).toBe(400);
    // Stripe's event finds the visitor's click once the queue has recorded it.
    const visitors = async () =>
      (
        await api<TestResponse>(owner, "GET", `/api/tests/${slug}`, undefined, team)
      ).body.test.stats.arms.reduce((total, arm) => total + arm.visitors, 0);
    await expect.poll(visitors, { timeout: 30_000 }).toBe(1);
    const counted = await stripeCheckout(endpointUrl, newSecret, firstVisitor);
    expect(counted.status).toBe(200);
    expect(await counted.json()).toMatchObject({ outcome: "counted" });

    // The conversion reaches the owner's endpoint and not the removed editor's.
    await expect.poll(() => received.get(`/owner-${stamp}`)?.length ?? 0, { timeout: 30_000 }).toBe(1);
    expect(received.get(`/owner-${stamp}`)?.[0]).toContain("conversion.recorded");
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(received.get(`/editor-${stamp}`)).toBeUndefined();

    // Invited back, as a viewer: the old key stays revoked.
    await join(owner, editor, editorEmail, team, "viewer");
    expect((await publicApi(key)).status).toBe(401);
  });

  it("the owner turns on two-factor sign-in, signs in with a code, requires it of a team, and a member is sent to set it up", async () => {
    const stamp = Date.now();
    const ownerEmail = `teams-2fa-${stamp}@example.com`;
    const memberEmail = `teams-2fa-member-${stamp}@example.com`;
    const owner = await browser.newPage(WIDTHS.wide);
    await newUser(owner, ownerEmail, true);
    const team = (await api<WorkspaceResponse>(owner, "POST", "/api/workspaces", { name: "Secure team" }))
      .body.workspace.id;
    const member = await browser.newPage(WIDTHS.narrow);
    await newUser(member, memberEmail);
    await join(owner, member, memberEmail, team, "editor");
    await openIn(member, "Secure team", "/dashboard");

    // Requiring it before the owner uses it is refused, with the reason next to the box.
    await openIn(owner, "Secure team", "/settings/workspace");
    await owner.getByLabel(TWO_FACTOR_SCREEN_MESSAGES.requireLabel).click();
    await owner.getByText(TWO_FACTOR_MESSAGES.ownerNeedsItFirst).waitFor();
    expect(await owner.getByLabel(TWO_FACTOR_SCREEN_MESSAGES.requireLabel).isChecked()).toBe(false);

    // The owner turns it on: the QR code and its key, a code from the app, then the recovery codes.
    await owner.goto("/settings/account");
    await owner.getByRole("button", { name: TWO_FACTOR_SCREEN_MESSAGES.setUp }).click();
    await owner.getByRole("img", { name: TWO_FACTOR_SCREEN_MESSAGES.scanIntro }).waitFor();
    const secret = (await owner.locator("code").first().textContent()) ?? "";
    const code = owner.getByLabel(TWO_FACTOR_SCREEN_MESSAGES.codeLabel, { exact: true });
    await code.fill(totpCode(secret));
    // Enter twice: one request turns it on (a second would be refused, with an error toast).
    expect(await postsOfEnterTwice(owner, code, "/api/account/2fa/enable")).toBe(1);
    await visibleToast(owner, TWO_FACTOR_SCREEN_MESSAGES.enabled);
    await owner.getByText(TWO_FACTOR_SCREEN_MESSAGES.recoveryTitle, { exact: true }).waitFor();
    await owner.getByRole("button", { name: TWO_FACTOR_SCREEN_MESSAGES.recoveryDone }).click();

    // Signed out and in again: the password, then a code.
    await owner.getByRole("button", { name: "Log out" }).click();
    await owner.waitForURL((url) => url.pathname === "/" || url.pathname === "/login");
    await owner.goto("/login");
    await owner.getByLabel("Email").fill(ownerEmail);
    await owner.getByLabel("Password").fill(PASSWORD);
    await owner.getByRole("button", { name: "Log in" }).click();
    const codeStep = owner.getByRole("form", { name: TWO_FACTOR_SCREEN_MESSAGES.codeStepTitle });
    await codeStep.getByLabel(TWO_FACTOR_SCREEN_MESSAGES.codeLabel).fill(totpCode(secret, 1));
    await codeStep.getByRole("button", { name: TWO_FACTOR_SCREEN_MESSAGES.verify }).click();
    await owner.waitForURL((url) => url.pathname === "/dashboard");

    // Now the team can require it.
    await openIn(owner, "Secure team", "/settings/workspace");
    await owner.getByLabel(TWO_FACTOR_SCREEN_MESSAGES.requireLabel).check();
    await visibleToast(owner, TWO_FACTOR_SCREEN_MESSAGES.requireSaved(true));
    await owner.getByText(TWO_FACTOR_SCREEN_MESSAGES.requireOn).waitFor();
    await screenshot(owner, "teams-require-2fa");
    // The card shows only in a team workspace, which the accessibility walk does not open.
    expect(await seriousViolations(owner)).toEqual([]);

    // The member, without it, is refused there and sent to set it up.
    expect((await api(member, "GET", "/api/tests", undefined, team)).body.error?.code).toBe(
      "two_factor_required",
    );
    await member.reload();
    await member.getByRole("heading", { name: TWO_FACTOR_SCREEN_MESSAGES.requiredTitle }).waitFor();
    await screenshot(member, "teams-2fa-required");
    await member.getByRole("link", { name: TWO_FACTOR_SCREEN_MESSAGES.setItUp }).click();
    await member.waitForURL((url) => url.pathname === "/settings/account");
    await member.getByRole("button", { name: TWO_FACTOR_SCREEN_MESSAGES.setUp }).waitFor();
  });
});
