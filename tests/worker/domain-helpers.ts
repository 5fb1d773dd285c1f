import { env } from "cloudflare:test";
import type { CustomDomain, VerifyDomainResponse } from "../../contract/api";
import { setAtCloudflare } from "./cloudflare-fake";
import { type Client, errorOf, fetchWorker, HUMAN, ORIGIN } from "./helpers";

// The domain API, its rows and a visitor on a custom domain, for the specs in domains.test.ts.

export const FALLBACK = env.FALLBACK_ORIGIN;

// Cloudflare refuses example.com and reserved top-level domains, so the tests use a real-looking one.
export const uniqueDomain = (label = "go") => `${label}-${crypto.randomUUID().slice(0, 8)}.acme-shop.io`;

// --- the API ---
export async function add(client: Client, domain: unknown) {
  return client.json("POST", "/api/domains", { domain });
}

export async function added(client: Client, domain: string): Promise<CustomDomain> {
  const response = await add(client, domain);
  if (response.status !== 201) throw new Error(`add failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { domain: CustomDomain }).domain;
}

export async function verify(client: Client, id: string) {
  const response = await client.json("POST", `/api/domains/${id}/verify`);
  return { status: response.status, body: (await response.json()) as VerifyDomainResponse };
}

export async function list(client: Client): Promise<CustomDomain[]> {
  return ((await (await client.fetch("/api/domains")).json()) as { domains: CustomDomain[] }).domains;
}

export async function addError(client: Client, domain: unknown) {
  const response = await add(client, domain);
  return { status: response.status, message: (await errorOf(response)).message };
}

export interface DomainRow {
  status: string;
  verification_message: string | null;
  cf_hostname_id: string | null;
  validation_token: string | null;
  validation_url: string | null;
  origin_server: string | null;
}

export function row(id: string) {
  return env.DB.prepare("SELECT * FROM custom_domains WHERE id = ?").bind(id).first<DomainRow>();
}

/** A visitor opening a path on a custom domain, through the Worker's own fetch, background work done. */
export function visitDomain(hostname: string, path: string, scheme = "https") {
  return fetchWorker(`${scheme}://${hostname}${path}`, { headers: HUMAN });
}

/** An API call as the client, to the Worker running with other settings. */
export function callWithEnv(bindings: Env, client: Client, method: string, path: string, body?: unknown) {
  const headers = { "content-type": "application/json", origin: ORIGIN, cookie: client.cookieHeader() };
  const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
  return fetchWorker(path, init, { bindings });
}

/** An active domain of the client's, verified through the API. */
export async function activeDomain(client: Client): Promise<CustomDomain> {
  const domain = await added(client, uniqueDomain());
  await setAtCloudflare(domain.domain, { status: "active", sslStatus: "active" });
  return (await verify(client, domain.id)).body.domain;
}
