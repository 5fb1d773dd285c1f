import { applyD1Migrations } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { generateApiKey, hashApiKey } from "../../worker/auth/api-keys";
import { getDb } from "../../worker/db/client";
import { findApiKey } from "../../worker/services/api-keys";
import { goalsOfSite } from "../../worker/services/tracking";
import { accessOf, listWorkspaces } from "../../worker/services/workspaces";
import { db, emptyDatabase, from, rows, upTo } from "./migration-db";

// 0020_workspaces on a database that holds data from before, as a deployed one does: each account's
// tests, clicks, domains, keys and webhooks move into its personal workspace, unchanged.

const VARIANTS = JSON.stringify([
  { url: "https://shop.example/a", weight: 50 },
  { url: "https://shop.example/b", weight: 50 },
]);

describe("0020_workspaces: each account's data moves into its personal workspace", () => {
  it("keeps every test, click, link, key and webhook, in the personal workspace with the user as owner", async () => {
    await emptyDatabase();
    await applyD1Migrations(db, upTo("0020"));
    const key = generateApiKey();
    // As the code before workspaces wrote them: two accounts (one had turned the verdict alert off,
    // one was deleted and not yet purged), tests, clicks, conversions, a domain, a key and a webhook.
    await db.batch([
      db.prepare(
        `INSERT INTO users (id, email, password_hash, created_at, site_key, alert_verdict)
         VALUES ('u1', 'ann@example.com', 'x', 1, 'aaaaaaaaaaaaaaaaaaaaaaaa', 0),
                ('u2', 'bob@example.com', 'x', 2, 'bbbbbbbbbbbbbbbbbbbbbbbb', 1)`,
      ),
      db.prepare("UPDATE users SET deleted_at = 5 WHERE id = 'u2'"),
      db.prepare(
        `INSERT INTO custom_domains (id, user_id, domain, status, created_at) VALUES ('d1', 'u1', 'go.ann.example', 'active', 3)`,
      ),
      db.prepare(
        `INSERT INTO split_tests (id, user_id, name, slug, variants, created_at, custom_domain_id, custom_slug, conversion_goal)
         VALUES ('t1', 'u1', 'Pricing', 'abc123', '${VARIANTS}', 10, 'd1', 'spring', 'call'),
                ('t2', 'u1', 'Signup', 'def456', '${VARIANTS}', 11, NULL, NULL, 'call'),
                ('t3', 'u2', 'Bob''s', 'ghi789', '${VARIANTS}', 12, NULL, NULL, 'call')`,
      ),
      db.prepare(
        `INSERT INTO clicks (id, split_test_id, variant, session_id, is_bot, timestamp)
         VALUES ('c1', 't1', 'A', 's1', 0, 20), ('c2', 't1', 'B', 's2', 0, 21), ('c3', 't2', 'A', 's3', 0, 22)`,
      ),
      db.prepare(
        "INSERT INTO conversions (id, split_test_id, variant, session_id, timestamp) VALUES ('v1', 't1', 'B', 's2', 30)",
      ),
      db
        .prepare(
          "INSERT INTO api_keys (id, user_id, name, prefix, key_hash, created_at) VALUES ('k1', 'u1', 'CI', 'sl_live_x', ?, 40)",
        )
        .bind(await hashApiKey(key)),
      db.prepare(
        `INSERT INTO webhook_endpoints (id, user_id, url, events, secret, created_at)
         VALUES ('w1', 'u1', 'https://hooks.example/in', '["test.verdict"]', 'whsec_x', 50)`,
      ),
    ]);
    const counts = `SELECT (SELECT count(*) FROM split_tests) AS tests, (SELECT count(*) FROM clicks) AS clicks,
      (SELECT count(*) FROM conversions) AS conversions, (SELECT count(*) FROM custom_domains) AS domains,
      (SELECT count(*) FROM api_keys) AS keys, (SELECT count(*) FROM webhook_endpoints) AS webhooks,
      (SELECT sum(clicks) FROM test_stats_hourly) AS rolledUp`;
    const links =
      "SELECT id, slug, custom_domain_id, custom_slug, variants, status FROM split_tests ORDER BY id";
    const countsBefore = await rows(counts);
    const linksBefore = await rows(links);
    const keysBefore = await rows("SELECT id, name, key_hash, user_id FROM api_keys");
    const webhooksBefore = await rows("SELECT id, url, events, secret, user_id FROM webhook_endpoints");

    await applyD1Migrations(db, from("0020"));

    expect(await rows(counts)).toEqual(countsBefore);
    expect(await rows(links)).toEqual(linksBefore);
    expect(await rows("SELECT id, name, key_hash, user_id FROM api_keys")).toEqual(keysBefore);
    expect(await rows("SELECT id, url, events, secret, user_id FROM webhook_endpoints")).toEqual(
      webhooksBefore,
    );
    for (const table of ["split_tests", "custom_domains", "api_keys", "webhook_endpoints"])
      expect(
        await rows(
          `SELECT count(*) AS n FROM ${table} WHERE workspace_id IS NULL OR workspace_id != user_id`,
        ),
      ).toEqual([{ n: 0 }]);
    expect(
      await rows("SELECT id, name, personal_user_id, site_key, deleted_at FROM workspaces ORDER BY id"),
    ).toEqual([
      {
        id: "u1",
        name: "Personal",
        personal_user_id: "u1",
        site_key: "aaaaaaaaaaaaaaaaaaaaaaaa",
        deleted_at: null,
      },
      {
        id: "u2",
        name: "Personal",
        personal_user_id: "u2",
        site_key: "bbbbbbbbbbbbbbbbbbbbbbbb",
        deleted_at: 5,
      },
    ]);
    expect(
      await rows(
        "SELECT workspace_id, user_id, role, alert_verdict, alert_completed FROM memberships ORDER BY user_id",
      ),
    ).toEqual([
      { workspace_id: "u1", user_id: "u1", role: "owner", alert_verdict: 0, alert_completed: 1 },
      { workspace_id: "u2", user_id: "u2", role: "owner", alert_verdict: 1, alert_completed: 1 },
    ]);

    // And the code of workspaces reads them so: the key works in the personal workspace, with write
    // scope; the list, the role and the site tag's goals are the account's as before.
    const orm = getDb(db);
    expect(await findApiKey(orm, key)).toMatchObject({ id: "k1", workspaceId: "u1", scope: "write" });
    expect(await accessOf(orm, "u1", "u1")).toEqual({ id: "u1", role: "owner", twoFactorMissing: false });
    expect(await accessOf(orm, "u2", "u2")).toBeUndefined();
    expect(await listWorkspaces(orm, "u1")).toEqual([
      { id: "u1", name: "Personal", role: "owner", personal: true, requireTwoFactor: false, currency: null },
    ]);
    expect((await goalsOfSite(db, "aaaaaaaaaaaaaaaaaaaaaaaa"))?.tests.map((goal) => goal.id).sort()).toEqual([
      "t1",
      "t2",
    ]);
    expect(await goalsOfSite(db, "bbbbbbbbbbbbbbbbbbbbbbbb")).toBeNull();
  });
});
