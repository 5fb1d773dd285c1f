import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import {
  API_KEY_MESSAGES,
  TEST_MESSAGES,
  VARIANT_MESSAGES,
  WORKSPACE_MESSAGES,
} from "../../contract/messages";
import { mailerFor } from "../../worker/mail/mailer";
import { createApiKey, errorOf, publicApi, uniqueEmail } from "./helpers";
import { invitationMail, mailsTo } from "./mail-helpers";
import { seedUser, seedWorkspace } from "./seed";

// Names no one can forge a line or a reading with (issue #45, point 5), and mail headers built only
// from such text.

const UNSAFE = [
  "Acme\r\nBcc: victim@example.com",
  "Tab\there",
  "Null\u0000",
  "Del\u007F",
  "Evil\u202Egnp.exe",
  "Iso\u2066late",
];

describe("names", () => {
  it("of workspaces, tests, variants and API keys refuse control and bidirectional characters with the field's message", async () => {
    const { client, userId } = await seedUser();
    for (const name of UNSAFE) {
      const workspace = await client.json("POST", "/api/workspaces", { name });
      expect(workspace.status).toBe(400);
      expect((await errorOf(workspace)).message).toBe(WORKSPACE_MESSAGES.nameCharacters);
      const renamed = await client.json("PATCH", `/api/workspaces/${userId}`, { name });
      expect((await errorOf(renamed)).message).toBe(WORKSPACE_MESSAGES.nameCharacters);
      const test = await client.json("POST", "/api/tests", {
        name,
        urlA: "https://shop.example/a",
        urlB: "https://shop.example/b",
      });
      expect(test.status).toBe(400);
      expect((await errorOf(test)).message).toBe(TEST_MESSAGES.nameCharacters);
      const variant = await client.json("POST", "/api/tests", {
        name: "Fine",
        variants: [
          { url: "https://shop.example/a", weight: 50, name },
          { url: "https://shop.example/b", weight: 50 },
        ],
      });
      expect(variant.status).toBe(400);
      expect((await errorOf(variant)).message).toBe(VARIANT_MESSAGES.nameCharacters);
      const key = await client.json("POST", "/api/keys", { name });
      expect(key.status).toBe(400);
      expect((await errorOf(key)).message).toBe(API_KEY_MESSAGES.nameCharacters);
    }
    // An ordinary name with accents, emoji and right-to-left script is fine.
    expect((await client.json("POST", "/api/workspaces", { name: "Équipe 🚀 فريق" })).status).toBe(201);
  });

  it("the public API refuses them too", async () => {
    const { client } = await seedUser();
    const key = await createApiKey(client);
    const refused = await publicApi(key.key, "POST", "/tests", {
      name: "Sale\u202E",
      urlA: "https://shop.example/a",
      urlB: "https://shop.example/b",
    });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).message).toBe(TEST_MESSAGES.nameCharacters);
  });
});

describe("mail headers", () => {
  it("an invitation from a workspace whose old stored name carries \\r\\nBcc: goes out with a one-line subject and no one else", async () => {
    const owner = await seedUser();
    const team = await seedWorkspace(owner.userId);
    const bcc = uniqueEmail("bcc");
    await env.DB.prepare("UPDATE workspaces SET name = ? WHERE id = ?")
      .bind(`Acme\r\nBcc: ${bcc}`, team)
      .run();
    const invitee = uniqueEmail("invitee");
    const sent = await owner.client.json("POST", `/api/workspaces/${team}/invitations`, {
      email: invitee,
      role: "viewer",
    });
    expect(sent.status).toBe(201);
    const mail = await invitationMail(invitee);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toContain("Acme");
    expect(await mailsTo(bcc)).toEqual([]);
  });

  it("the mailer refuses a subject or address with a line break, whoever built it", async () => {
    const to = uniqueEmail("guard");
    const message = {
      to,
      subject: "Hello",
      text: "t",
      html: "<p>t</p>",
      link: "https://x.example",
      idempotencyKey: crypto.randomUUID(),
    };
    await expect(
      mailerFor(env).send({ ...message, subject: "Hello\r\nBcc: someone@example.com" }),
    ).rejects.toMatchObject({ code: "mail_failed" });
    await expect(
      mailerFor(env).send({ ...message, to: `${to}\nBcc: someone@example.com` }),
    ).rejects.toMatchObject({ code: "mail_failed" });
    expect(await mailsTo(to)).toEqual([]);
    // Each refusal is logged as an error for the operator (and not left to fail this test).
    const errors = vi.spyOn(console, "error");
    expect(
      errors.mock.calls
        .flat()
        .join(" ")
        .match(/mail_header_refused/g),
    ).toHaveLength(2);
    errors.mockClear();
  });
});
