import * as z from "zod";
import { DOMAIN_MESSAGES } from "../../contract/messages";
import { ApiError } from "../errors";
import { parseJsonOrUndefined } from "../lib/text";
import { log } from "../observability/log";

// The calls SplitLink makes to Cloudflare's API: four for Cloudflare for SaaS
// (https://developers.cloudflare.com/api/resources/custom_hostnames/) and one to purge the link cache's
// entries (https://developers.cloudflare.com/api/resources/cache/methods/purge/): a small typed client,
// since five calls need no general-purpose SDK. zod checks Cloudflare's envelope and the fields read.

export interface CloudflareConfig {
  baseUrl: string;
  token: string;
  zoneId: string;
}

/** Cloudflare's settings from the environment; null when no API token is configured (local runs). */
export function cloudflareConfig(env: Env): CloudflareConfig | null {
  // An optional secret: wrangler types only the required ones.
  const token = (env as { CF_API_TOKEN?: string }).CF_API_TOKEN;
  if (!token) return null;
  if (!env.CF_ZONE_ID) throw new Error("CF_ZONE_ID must be set when CF_API_TOKEN is");
  return { baseUrl: env.CF_API_BASE_URL.replace(/\/+$/, ""), token, zoneId: env.CF_ZONE_ID };
}

const cloudflareErrorSchema = z.object({ code: z.number(), message: z.string() });

const envelopeSchema = z.object({
  success: z.boolean(),
  errors: z.array(cloudflareErrorSchema),
  messages: z.array(z.unknown()),
  result: z.unknown(),
});

/** The parts of a custom hostname SplitLink reads. Statuses stay open strings: Cloudflare adds new ones. */
const customHostnameSchema = z.object({
  id: z.string(),
  hostname: z.string(),
  status: z.string(),
  verification_errors: z.array(z.string()).nullish(),
  ssl: z
    .object({
      status: z.string().nullish(),
      validation_errors: z.array(z.object({ message: z.string() })).nullish(),
      validation_records: z
        .array(z.object({ http_url: z.string().nullish(), http_body: z.string().nullish() }))
        .nullish(),
    })
    .nullish(),
});

export type CustomHostname = z.infer<typeof customHostnameSchema>;

// Codes from https://developers.cloudflare.com/cloudflare-for-platforms/cloudflare-for-saas/reference/status-codes/custom-hostnames/
const DUPLICATE_HOSTNAME = 1406;
// Invalid, non-ASCII, reserved top-level domain, unparsable, ending in example.com/.net/.org.
const INVALID_HOSTNAME = new Set([1407, 1408, 1409, 1410, 1411]);
const HOSTNAME_NOT_FOUND = 1436;
const TIMEOUT_MS = 10_000;

/** Cloudflare's refusal as the API's error, in words a user can act on. */
function refusal(status: number, errors: { code: number; message: string }[]): ApiError {
  const codes = errors.map((e) => e.code);
  if (status === 409 || codes.includes(DUPLICATE_HOSTNAME))
    return new ApiError("domain_taken", DOMAIN_MESSAGES.duplicate);
  if (codes.some((code) => INVALID_HOSTNAME.has(code)))
    return new ApiError("invalid_domain", DOMAIN_MESSAGES.invalidFormat);
  const message = errors.map((e) => e.message).join(" ") || `HTTP ${status}`;
  if (codes.includes(HOSTNAME_NOT_FOUND))
    return new ApiError("hostname_not_found", DOMAIN_MESSAGES.cloudflareRefused(message));
  return new ApiError("cloudflare_error", DOMAIN_MESSAGES.cloudflareRefused(message));
}

async function call<T>(
  config: CloudflareConfig,
  method: string,
  path: string,
  schema: z.ZodType<T>,
  body?: unknown,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${config.baseUrl}/zones/${encodeURIComponent(config.zoneId)}${path}`, {
      method,
      headers: { authorization: `Bearer ${config.token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    log("warn", "cloudflare_unreachable", { method, path, error });
    throw new ApiError("cloudflare_unreachable", DOMAIN_MESSAGES.cloudflareUnreachable);
  }
  const answer = parseJsonOrUndefined(await response.text());
  const envelope = envelopeSchema.safeParse(answer);
  if (envelope.success && (!response.ok || !envelope.data.success))
    throw refusal(response.status, envelope.data.errors);
  const result = schema.safeParse(envelope.data?.result);
  if (!result.success) {
    log("warn", "cloudflare_unexpected_answer", { method, path, status: response.status, answer });
    throw new ApiError("cloudflare_error", DOMAIN_MESSAGES.cloudflareUnexpected(response.status));
  }
  return result.data;
}

/** Null when Cloudflare has no such custom hostname; every other failure is the caller's to see. */
async function unlessNotFound<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && error.code === "hostname_not_found") return null;
    throw error;
  }
}

export function customHostnames(config: CloudflareConfig) {
  return {
    /** Adds the hostname to the zone with an HTTP-validated DV certificate. */
    create(hostname: string): Promise<CustomHostname> {
      return call(config, "POST", "/custom_hostnames", customHostnameSchema, {
        hostname,
        ssl: { method: "http", type: "dv" },
      });
    },

    /** The custom hostname with this id, or null when Cloudflare has none. */
    get(id: string): Promise<CustomHostname | null> {
      return unlessNotFound(
        call(config, "GET", `/custom_hostnames/${encodeURIComponent(id)}`, customHostnameSchema),
      );
    },

    listByHostname(hostname: string): Promise<CustomHostname[]> {
      return call(
        config,
        "GET",
        `/custom_hostnames?hostname=${encodeURIComponent(hostname)}`,
        z.array(customHostnameSchema),
      );
    },

    /** Deletes the custom hostname; one that is already gone counts as deleted. */
    async delete(id: string): Promise<void> {
      await unlessNotFound(
        call(config, "DELETE", `/custom_hostnames/${encodeURIComponent(id)}`, z.object({ id: z.string() })),
      );
    },
  };
}

/** At most this many tags in one purge request (Cloudflare's "max operations per request" on every plan). */
export const PURGE_TAGS_PER_REQUEST = 100;

/** Purges, in every location of the zone, what the cache keeps under these Cache-Tags. */
export async function purgeCacheByTags(config: CloudflareConfig, tags: string[]): Promise<void> {
  await call(config, "POST", "/purge_cache", z.object({ id: z.string() }), { tags });
}
