import { env } from "cloudflare:test";
import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../worker/db/schema";

const tables = Object.values(schema).filter((value) => is(value, SQLiteTable)) as SQLiteTable[];

describe("the drizzle schema and the migrations", () => {
  it("cover the tables of the design", () => {
    expect(tables.map((t) => getTableConfig(t).name).sort()).toEqual(
      [
        "api_keys",
        "api_key_revocations",
        "cache_repairs",
        "click_packs",
        "conversions",
        "metric_conversions",
        "custom_domains",
        "dead_letters",
        "email_tokens",
        "idempotency_key_shards",
        "idempotency_keys",
        "recovery_codes",
        "sessions",
        "split_tests",
        "tag_sightings",
        "test_tags",
        "tag_colours",
        "rule_visits",
        "rule_visit_counts",
        "segment_compaction",
        "test_phases",
        "test_segments",
        "test_stats_hourly",
        "traffic_quality",
        "traffic_quality_events",
        "users",
        "weight_history",
        "webhook_deliveries",
        "webhook_endpoints",
        "workspaces",
        "memberships",
        "invitations",
        "history_events",
        "share_links",
        "slack_connections",
        "slack_deliveries",
        "stripe_connections",
        "stripe_events",
        "stripe_invoice_payments",
        "stripe_payments",
        "stripe_subscriptions",
        "utm_templates",
      ].sort(),
    );
  });

  it.each(tables.map((t) => [getTableConfig(t).name, t] as const))(
    "agree on the columns of %s",
    async (name, table) => {
      const { results } = await env.DB.prepare(`PRAGMA table_xinfo(${name})`).all<{
        name: string;
        notnull: number;
        pk: number;
      }>();
      const inDb = results.map((c) => `${c.name}${c.notnull || c.pk ? " not null" : ""}`).sort();
      const inSchema = getTableConfig(table)
        .columns.map((c) => `${c.name}${c.notNull ? " not null" : ""}`)
        .sort();
      expect(inSchema).toEqual(inDb);
    },
  );

  it.each(tables.map((t) => [getTableConfig(t).name, t] as const))(
    "agree on the indexes of %s",
    async (name, table) => {
      const { results } = await env.DB.prepare(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name NOT LIKE 'sqlite_autoindex%'",
      )
        .bind(name)
        .all<{ name: string }>();
      const inSchema = getTableConfig(table).indexes.map((i) => i.config.name);
      expect(inSchema.sort()).toEqual(results.map((r) => r.name).sort());
    },
  );

  it("enforce the uniqueness the product relies on", async () => {
    const indexes = await env.DB.prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql LIKE 'CREATE UNIQUE%'",
    ).all<{ name: string; sql: string }>();
    const names = indexes.results.map((i) => i.name);
    expect(names).toContain("split_tests_slug_idx");
    expect(names).toContain("split_tests_domain_custom_slug_idx");
    expect(names).toContain("split_tests_default_custom_slug_idx");
    expect(names).toContain("conversions_test_session_idx");
    expect(names).toContain("email_tokens_hash_idx");
    expect(names).toContain("api_keys_hash_idx");
  });
});
