import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type {
  UtmTemplateListResponse,
  UtmTemplateResponse,
  WorkspaceHistoryResponse,
} from "../../contract/api";
import { QUOTA_MESSAGES, UTM_MESSAGES, WORKSPACE_MESSAGES } from "../../contract/messages";
import { WORKSPACE_QUOTAS } from "../../contract/quotas";
import { Client, errorOf, HUMAN, open, publicApi } from "./helpers";
import { seedApiKey, seedTeam, seedTest, seedUser } from "./seed";

// Issue #49, point 6: a workspace's UTM templates for the destinations' builder, and the visitor's own
// UTM parameters winning over a destination's at the redirect.

const SPRING = { name: "Spring newsletter", source: "newsletter", medium: "email", campaign: "spring-sale" };

async function templatesOf(response: Response) {
  expect(response.status).toBe(200);
  return ((await response.json()) as UtmTemplateListResponse).templates;
}

describe("UTM templates", () => {
  it("are saved, listed by name and deleted by an editor, and read by every member", async () => {
    const { editor, viewer, owner } = await seedTeam();
    const saved = await editor.client.json("POST", "/api/utm-templates", SPRING);
    expect(saved.status).toBe(201);
    const { template } = (await saved.json()) as UtmTemplateResponse;
    expect(template).toMatchObject({ ...SPRING, term: "" });
    await editor.client.json("POST", "/api/utm-templates", { name: "Ads", source: "google", term: "shoes" });

    const listed = await templatesOf(await viewer.client.fetch("/api/utm-templates"));
    expect(listed.map((t) => t.name)).toEqual(["Ads", "Spring newsletter"]);
    expect(listed[1]).toEqual(template);

    const deleted = await owner.client.json("DELETE", `/api/utm-templates/${template.id}`);
    expect(deleted.status).toBe(200);
    expect((await templatesOf(await editor.client.fetch("/api/utm-templates"))).map((t) => t.name)).toEqual([
      "Ads",
    ]);
    // The workspace's log says who saved and deleted which template.
    const history = (await (
      await owner.client.fetch("/api/workspace/history")
    ).json()) as WorkspaceHistoryResponse;
    const changes = history.events
      .filter((event) => event.action.startsWith("utm_template."))
      .map((event) => [event.action, event.actor.email, event.details]);
    expect(changes).toEqual([
      ["utm_template.deleted", owner.email, { name: SPRING.name }],
      ["utm_template.saved", editor.email, { name: "Ads" }],
      ["utm_template.saved", editor.email, { name: SPRING.name }],
    ]);
    const again = await owner.client.json("DELETE", `/api/utm-templates/${template.id}`);
    expect(again.status).toBe(404);
    expect((await errorOf(again)).message).toBe(UTM_MESSAGES.notFound);
  });

  it("refuses a viewer's and a read key's changes, and another workspace sees nothing of them", async () => {
    const { owner, viewer, stranger, workspaceId } = await seedTeam();
    const saved = (await (
      await owner.client.json("POST", "/api/utm-templates", SPRING)
    ).json()) as UtmTemplateResponse;
    const id = saved.template.id;

    const viewerSave = await viewer.client.json("POST", "/api/utm-templates", SPRING);
    expect(viewerSave.status).toBe(403);
    expect((await errorOf(viewerSave)).message).toBe(WORKSPACE_MESSAGES.viewerCannotChange);
    expect((await viewer.client.json("DELETE", `/api/utm-templates/${id}`)).status).toBe(403);
    const readKey = await seedApiKey(owner.userId, { workspaceId, scope: "read" });
    expect((await publicApi(readKey.key, "POST", "/utm-templates", SPRING)).status).toBe(403);
    expect((await publicApi(readKey.key, "DELETE", `/utm-templates/${id}`)).status).toBe(403);
    expect(await templatesOf(await publicApi(readKey.key, "GET", "/utm-templates"))).toHaveLength(1);

    // The stranger in their own workspace: an empty list, and the owner's id is not found.
    expect(await templatesOf(await stranger.client.fetch("/api/utm-templates"))).toEqual([]);
    expect((await stranger.client.json("DELETE", `/api/utm-templates/${id}`)).status).toBe(404);
    const strangerKey = await seedApiKey(stranger.userId);
    expect(await templatesOf(await publicApi(strangerKey.key, "GET", "/utm-templates"))).toEqual([]);
    expect((await publicApi(strangerKey.key, "DELETE", `/utm-templates/${id}`)).status).toBe(404);
    // Naming the owner's workspace: as if it did not exist.
    stranger.client.workspace = workspaceId;
    expect((await stranger.client.fetch("/api/utm-templates")).status).toBe(404);
    expect((await stranger.client.json("POST", "/api/utm-templates", SPRING)).status).toBe(404);
    stranger.client.workspace = null;

    expect(await templatesOf(await owner.client.fetch("/api/utm-templates"))).toEqual([saved.template]);
  });

  it("works through the public API with a write key", async () => {
    const owner = await seedUser();
    const key = await seedApiKey(owner.userId);
    const created = await publicApi(key.key, "POST", "/utm-templates", { ...SPRING, term: "tulips" });
    expect(created.status).toBe(201);
    const { template } = (await created.json()) as UtmTemplateResponse;
    expect(await templatesOf(await publicApi(key.key, "GET", "/utm-templates"))).toEqual([template]);
    expect((await publicApi(key.key, "DELETE", `/utm-templates/${template.id}`)).status).toBe(200);
    expect(await templatesOf(await publicApi(key.key, "GET", "/utm-templates"))).toEqual([]);
  });

  it("say what is wrong with a name or a value", async () => {
    const owner = await seedUser();
    const cases: [unknown, string][] = [
      [{ source: "newsletter" }, UTM_MESSAGES.nameRequired],
      [{ name: "  ", source: "newsletter" }, UTM_MESSAGES.nameRequired],
      [{ name: "x".repeat(61), source: "newsletter" }, UTM_MESSAGES.nameTooLong],
      [{ name: "Empty" }, UTM_MESSAGES.valuesRequired],
      [{ name: "Long", source: "s".repeat(101) }, UTM_MESSAGES.valueTooLong],
      [{ name: "Line", medium: "email\r\nBcc: x" }, UTM_MESSAGES.valueUnsafe],
      [{ name: "Bad\u0000name", source: "a" }, UTM_MESSAGES.nameUnsafe],
    ];
    for (const [body, message] of cases) {
      const response = await owner.client.json("POST", "/api/utm-templates", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(response)).message).toBe(message);
    }
    // 100 characters, trimmed, is fine.
    const edge = await owner.client.json("POST", "/api/utm-templates", {
      name: " Edge ",
      source: ` ${"s".repeat(100)} `,
    });
    expect(edge.status).toBe(201);
    expect(((await edge.json()) as UtmTemplateResponse).template).toMatchObject({
      name: "Edge",
      source: "s".repeat(100),
    });
  });

  it(`stop at ${WORKSPACE_QUOTAS.utmTemplates} a workspace`, async () => {
    const owner = await seedUser();
    const first = (await (
      await owner.client.json("POST", "/api/utm-templates", SPRING)
    ).json()) as UtmTemplateResponse;
    const copies = Array.from({ length: WORKSPACE_QUOTAS.utmTemplates - 1 }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO utm_templates (id, workspace_id, name, source, created_at) SELECT ?, workspace_id, ?, source, created_at FROM utm_templates WHERE id = ?",
      ).bind(crypto.randomUUID(), `Copy ${i}`, first.template.id),
    );
    await env.DB.batch(copies);
    const over = await owner.client.json("POST", "/api/utm-templates", SPRING);
    expect(over.status).toBe(409);
    const error = (await over.json()) as { error: { code: string; message: string; limit: number } };
    expect(error.error).toMatchObject({
      code: "quota_reached",
      message: QUOTA_MESSAGES.utmTemplates(WORKSPACE_QUOTAS.utmTemplates),
      limit: WORKSPACE_QUOTAS.utmTemplates,
    });
    // Another workspace's count is its own.
    const other = await seedUser();
    expect((await other.client.json("POST", "/api/utm-templates", SPRING)).status).toBe(201);
  });

  it("stay with the workspace when the member who saved them is removed", async () => {
    const { owner, editor, workspaceId } = await seedTeam();
    await editor.client.json("POST", "/api/utm-templates", SPRING);
    const removed = await owner.client.json(
      "DELETE",
      `/api/workspaces/${workspaceId}/members/${editor.userId}`,
    );
    expect(removed.status).toBeLessThan(300);
    expect((await templatesOf(await owner.client.fetch("/api/utm-templates"))).map((t) => t.name)).toEqual([
      SPRING.name,
    ]);
  });
});

describe("a destination's UTM parameters at the redirect", () => {
  it("give way to the visitor's own: utm_source=newsletter visited with ?utm_source=facebook lands with facebook", async () => {
    const owner = await seedUser();
    const test = await seedTest(owner, {
      urlA: "https://shop.example/a?utm_source=newsletter&utm_medium=email&ref=own",
      urlB: "https://shop.example/b?utm_source=newsletter&utm_medium=email&ref=own",
    });

    const shared = await open(new Client(), `/r/${test.slug}?utm_source=facebook&ref=visitor`, {
      headers: HUMAN,
    });
    const landed = new URL(shared.headers.get("location") ?? "");
    expect(landed.searchParams.getAll("utm_source")).toEqual(["facebook"]);
    // The destination's other UTM parameters and its own non-UTM parameters stay.
    expect(landed.searchParams.get("utm_medium")).toBe("email");
    expect(landed.searchParams.getAll("ref")).toEqual(["own"]);

    const direct = await open(new Client(), `/r/${test.slug}`, { headers: HUMAN });
    const own = new URL(direct.headers.get("location") ?? "");
    expect(own.searchParams.get("utm_source")).toBe("newsletter");
  });
});
