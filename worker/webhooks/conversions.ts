import type { WebhookEventType } from "../../contract/api";
import { fromMinorUnits } from "../../contract/currency";
import { type PrimaryMetric, primaryMetricName } from "../../contract/metrics";
import { log } from "../observability/log";
import { queueDeliveries, webhookEvent } from "./events";

/** A conversion the consumer counted (inserted), as its row has it. */
export interface CountedConversion {
  id: string;
  testId: string;
  variant: string;
  sessionId: string;
  timestamp: number;
  /** Minor units with their ISO 4217 currency, both or neither. */
  amount: number | null;
  currency: string | null;
  /** A secondary or guardrail metric's name; absent (or null) for the primary's. */
  metric?: string | null;
}

const TYPE: WebhookEventType = "conversion.recorded";

// The endpoints of the tests' workspaces that take conversion.recorded, with each test's name, slug and
// tags (a JSON array, in alphabetical order): one query for a whole batch.
const ENDPOINTS_OF_TESTS = `SELECT t.id AS test_id, t.name, t.slug, t.primary_metric, t.primary_metric_name,
    (SELECT json_group_array(tag) FROM (SELECT tag FROM test_tags WHERE split_test_id = t.id ORDER BY tag)) AS tags,
    w.id AS endpoint_id
  FROM split_tests AS t JOIN webhook_endpoints AS w ON w.workspace_id = t.workspace_id
  WHERE t.id IN (SELECT value FROM json_each(?1)) AND w.disabled_at IS NULL
    AND EXISTS (SELECT 1 FROM json_each(w.events) WHERE value = ?2)`;

/**
 * Queues a `conversion.recorded` event for each counted conversion, to every endpoint of the test's
 * workspace that subscribed to it. Never throws: the conversions are recorded already, so a failure here
 * is logged and the batch goes on.
 */
export async function sendConversionEvents(env: Env, conversions: CountedConversion[]): Promise<void> {
  if (conversions.length === 0) return;
  try {
    const testIds = [...new Set(conversions.map((conversion) => conversion.testId))];
    const { results } = await env.DB.prepare(ENDPOINTS_OF_TESTS).bind(JSON.stringify(testIds), TYPE).all<{
      test_id: string;
      name: string;
      slug: string;
      primary_metric: PrimaryMetric;
      primary_metric_name: string | null;
      tags: string;
      endpoint_id: string;
    }>();
    if (results.length === 0) return;
    const endpointsOf = new Map<
      string,
      { test: { id: string; name: string; slug: string; tags: string[] }; primary: string; ids: string[] }
    >();
    for (const row of results) {
      const test = {
        id: row.test_id,
        name: row.name,
        slug: row.slug,
        tags: JSON.parse(row.tags) as string[],
      };
      const primary = primaryMetricName({
        primaryMetric: row.primary_metric,
        primaryMetricName: row.primary_metric_name,
      });
      const ids = endpointsOf.get(row.test_id)?.ids ?? [];
      endpointsOf.set(row.test_id, { test, primary, ids: [...ids, row.endpoint_id] });
    }
    await queueDeliveries(
      env.WEBHOOKS,
      conversions.flatMap((conversion) => {
        const endpoints = endpointsOf.get(conversion.testId);
        if (!endpoints) return [];
        const { amount, currency } = conversion;
        const data = {
          test: endpoints.test,
          // The test's id as receivers written before `test` read it.
          testId: conversion.testId,
          variant: conversion.variant,
          sessionId: conversion.sessionId,
          conversionId: conversion.id,
          occurredAt: new Date(conversion.timestamp).toISOString(),
          // The metric it counts for: a secondary or guardrail metric's name, else the primary's.
          metric: conversion.metric ?? endpoints.primary,
          // In major units (49.99), as the API takes and answers them; left out without a value.
          ...(amount !== null && currency !== null
            ? { amount: fromMinorUnits(amount, currency), currency }
            : {}),
        };
        return [{ endpointIds: endpoints.ids, event: webhookEvent(TYPE, data) }];
      }),
    );
  } catch (error) {
    log("warn", "webhook_events_not_queued", { type: TYPE, count: conversions.length, error });
  }
}
