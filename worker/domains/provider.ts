import type { DomainStatus } from "../db/schema";
import { ApiError } from "../errors";
import { type CustomHostname, cloudflareConfig, customHostnames } from "./cloudflare";

/** A custom hostname's state at the edge, the same whichever provider answers. */
export interface HostnameState {
  /** Cloudflare's custom hostname id; null for the local provider. */
  id: string | null;
  /** Cloudflare's hostname status (pending, active, blocked, ...). */
  status: string;
  /** Cloudflare's certificate status (initializing, pending_validation, active, ...). */
  sslStatus: string | null;
  verificationErrors: string[];
  validationToken: string | null;
  validationUrl: string | null;
}

/** What a provider needs to find a domain's hostname. */
export interface HostnameRef {
  hostname: string;
  id: string | null;
  status: DomainStatus;
}

export interface HostnameProvider {
  create(hostname: string): Promise<HostnameState>;
  /** The hostname's current state, or null when the provider has no such hostname. */
  get(ref: HostnameRef): Promise<HostnameState | null>;
  delete(id: string): Promise<void>;
  /** Deletes the hostname by name if the provider has it: cleans up after a create whose answer was lost. */
  discard(hostname: string): Promise<void>;
}

/** Cloudflare when an API token is configured, else the local stand-in. */
export function hostnameProvider(env: Env): HostnameProvider {
  const config = cloudflareConfig(env);
  return config ? cloudflareProvider(customHostnames(config)) : localProvider;
}

function fromCloudflare(hostname: CustomHostname): HostnameState {
  const record = hostname.ssl?.validation_records?.[0];
  return {
    id: hostname.id,
    status: hostname.status,
    sslStatus: hostname.ssl?.status ?? null,
    verificationErrors: [
      ...(hostname.verification_errors ?? []),
      ...(hostname.ssl?.validation_errors ?? []).map((e) => e.message),
    ],
    validationToken: record?.http_body ?? null,
    validationUrl: record?.http_url ?? null,
  };
}

function cloudflareProvider(api: ReturnType<typeof customHostnames>): HostnameProvider {
  const byName = async (hostname: string) =>
    (await api.listByHostname(hostname)).find((h) => h.hostname === hostname);
  return {
    async create(hostname) {
      try {
        return fromCloudflare(await api.create(hostname));
      } catch (error) {
        // Our unique index let the domain in, so a duplicate in our zone is one we left behind (say, an
        // add whose answer was lost): reuse it. A duplicate held elsewhere stays refused.
        const orphan = error instanceof ApiError && error.code === "domain_taken" && (await byName(hostname));
        if (orphan) return fromCloudflare(orphan);
        throw error;
      }
    },
    async get({ hostname, id }) {
      // Without a stored id (or with one Cloudflare no longer knows), look the hostname up by name.
      const found = (id ? await api.get(id) : null) ?? (await byName(hostname));
      return found ? fromCloudflare(found) : null;
    },
    delete: (id) => api.delete(id),
    async discard(hostname) {
      const found = await byName(hostname);
      if (found) await api.delete(found.id);
    },
  };
}

const pendingLocally = (sslStatus: string): HostnameState => ({
  id: null,
  status: "pending",
  sslStatus,
  verificationErrors: [],
  validationToken: null,
  validationUrl: null,
});

/**
 * Stands in for Cloudflare when no API token is configured, so the flow runs offline. Like Cloudflare
 * right after creation, the first check finds a new hostname pending; from the next check on, a name
 * under .localhost (it resolves to this machine, as if its CNAME were right) is active, any other stays
 * pending. Verify on the Domains screen thereby does what it does in production.
 */
const localProvider: HostnameProvider = {
  create: async () => pendingLocally("initializing"),
  get: async ({ hostname, status }) =>
    hostname.endsWith(".localhost") && status !== "new"
      ? { ...pendingLocally("active"), status: "active" }
      : pendingLocally("pending_validation"),
  delete: async () => {},
  discard: async () => {},
};
