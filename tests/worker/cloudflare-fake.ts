// A stand-in for Cloudflare's custom hostnames API and its cache purge by tags, answering with their real
// shapes: the envelope {success, errors[{code, message}], messages, result}, the custom hostname object,
// its error codes, the purge's result {id}.
// It runs in Node: vitest.config.ts hands it the Worker's outbound requests (miniflare's
// outboundService). Tests steer it over HTTP from inside workerd:
//   PUT    /__fake/hostnames/{hostname}  {status?, sslStatus?, verificationErrors?, validationErrors?}
//          sets a custom hostname's state (creating it, as if left in the zone, when it does not exist)
//   PUT    /__fake/failures/{hostname}   {method?, status, errors?, body?, applied?, drop?, delayMs?}
//          refuse requests about it (see FakeFailure); the helpers at the end do this from a test
//   DELETE /__fake/failures/{hostname}
//   GET    /__fake/hostnames/{hostname}  the custom hostname the zone holds, or 404
//   GET    /__fake/calls?hostname=       the API requests it saw about a hostname, in order
//   GET    /__fake/purges?tag=           the purge requests it took that named a Cache-Tag, in order
// Purges fail as requests about the hostname "purge_cache" do (PUT /__fake/failures/purge_cache).
// Its state lives as long as the test run: tests use hostnames of their own.

export const FAKE_CLOUDFLARE = {
  origin: "https://cf-api.fake",
  baseUrl: "https://cf-api.fake/client/v4",
  zoneId: "023e105f4ecef8ad9ca31a8372d0c353",
  token: "fake-cloudflare-api-token",
} as const;

interface CloudflareError {
  code: number;
  message: string;
}

interface FakeHostname {
  id: string;
  hostname: string;
  ssl: {
    id: string;
    type: "dv";
    method: string;
    status: string;
    validation_records?: { http_url: string; http_body: string; status: string }[];
    validation_errors?: { message: string }[];
    settings: { min_tls_version: string };
    bundle_method: string;
    wildcard: boolean;
    certificate_authority: string;
  };
  status: string;
  verification_errors?: string[];
  ownership_verification: { type: "txt"; name: string; value: string };
  ownership_verification_http: { http_url: string; http_body: string };
  created_at: string;
}

export interface FakeState {
  status?: string;
  sslStatus?: string;
  verificationErrors?: string[];
  validationErrors?: string[];
}

export interface FakeFailure {
  /** Only requests with this method fail; all of them when unset. */
  method?: string;
  status: number;
  errors?: CloudflareError[];
  /** A body that is not Cloudflare's envelope, like an outage page. */
  body?: string;
  /** Carry out a create first, then fail: an answer lost on the way back. */
  applied?: boolean;
  /** Fail without any answer: the connection drops (as the Worker sees a timeout). */
  drop?: boolean;
  /** Answer (or drop) only after this many milliseconds. */
  delayMs?: number;
}

const hostnames = new Map<string, FakeHostname>();
const failures = new Map<string, FakeFailure>();
const calls: { method: string; path: string; hostname: string }[] = [];
const purges: { tags: string[] }[] = [];
/** The failures' key for purge requests. */
export const PURGE_FAILURES = "purge_cache";

function envelope(result: unknown, status = 200, errors: CloudflareError[] = [], extra = {}): Response {
  return Response.json({ result, success: errors.length === 0, errors, messages: [], ...extra }, { status });
}

const refuse = (status: number, code: number, message: string) => envelope(null, status, [{ code, message }]);

const notFound = () => refuse(404, 1436, "The custom hostname was not found.");

function newHostname(hostname: string, method = "http"): FakeHostname {
  const id = crypto.randomUUID();
  return {
    id,
    hostname,
    ssl: {
      id: crypto.randomUUID(),
      type: "dv",
      method,
      status: "initializing",
      settings: { min_tls_version: "1.0" },
      bundle_method: "ubiquitous",
      wildcard: false,
      certificate_authority: "google",
    },
    status: "pending",
    ownership_verification: {
      type: "txt",
      name: `_cf-custom-hostname.${hostname}`,
      value: crypto.randomUUID(),
    },
    ownership_verification_http: {
      http_url: `http://${hostname}/.well-known/cf-custom-hostname-challenge/${id}`,
      http_body: crypto.randomUUID(),
    },
    created_at: new Date().toISOString(),
  };
}

function applyState(record: FakeHostname, state: FakeState): void {
  if (state.status) record.status = state.status;
  if (state.sslStatus) {
    record.ssl.status = state.sslStatus;
    // Cloudflare lists the HTTP validation file once validation has started.
    const token = `ca3-${record.id.replaceAll("-", "")}`;
    if (state.sslStatus !== "initializing")
      record.ssl.validation_records = [
        {
          http_url: `http://${record.hostname}/.well-known/pki-validation/${token}.txt`,
          http_body: token,
          status: state.sslStatus === "active" ? "active" : "pending",
        },
      ];
  }
  if (state.verificationErrors) record.verification_errors = state.verificationErrors;
  if (state.validationErrors)
    record.ssl.validation_errors = state.validationErrors.map((message) => ({ message }));
}

function failureOf(hostname: string, method: string): FakeFailure | null {
  const failure = failures.get(hostname);
  return !failure || (failure.method && failure.method !== method) ? null : failure;
}

async function fail(failure: FakeFailure): Promise<Response> {
  if (failure.delayMs) await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
  if (failure.drop) throw new Error("connection dropped (fake Cloudflare)");
  if (failure.body !== undefined) return new Response(failure.body, { status: failure.status });
  return envelope(null, failure.status, failure.errors ?? []);
}

async function failureFor(hostname: string, method: string): Promise<Response | null> {
  const failure = failureOf(hostname, method);
  // An applied failure lets the create through (and fails it afterwards); other requests fail at once.
  return failure && !(failure.applied && method === "POST") ? fail(failure) : null;
}

async function control(request: Request, path: string): Promise<Response> {
  const [kind = "", name = ""] = path.split("/").filter(Boolean);
  const hostname = decodeURIComponent(name);
  if (kind === "hostnames" && request.method === "GET") {
    const record = hostnames.get(hostname);
    return record ? Response.json(record) : new Response(null, { status: 404 });
  }
  if (kind === "hostnames" && request.method === "PUT") {
    const record = hostnames.get(hostname) ?? newHostname(hostname);
    hostnames.set(hostname, record);
    applyState(record, (await request.json()) as FakeState);
    return Response.json(record);
  }
  if (kind === "failures" && request.method === "PUT") {
    failures.set(hostname, (await request.json()) as FakeFailure);
    return new Response(null, { status: 204 });
  }
  if (kind === "failures" && request.method === "DELETE") {
    failures.delete(hostname);
    return new Response(null, { status: 204 });
  }
  if (kind === "purges") {
    const wanted = new URL(request.url).searchParams.get("tag") ?? "";
    return Response.json(purges.filter((purge) => purge.tags.includes(wanted)));
  }
  if (kind === "calls") {
    const wanted = new URL(request.url).searchParams.get("hostname");
    return Response.json(
      calls.filter((call) => call.hostname === wanted).map(({ method, path }) => ({ method, path })),
    );
  }
  return new Response("unknown fake control", { status: 404 });
}

export async function fakeCloudflare(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname.startsWith("/__fake/")) return control(request, url.pathname.slice("/__fake/".length));

  if (request.headers.get("authorization") !== `Bearer ${FAKE_CLOUDFLARE.token}`)
    return refuse(403, 10000, "Authentication error");
  if (url.pathname === `/client/v4/zones/${FAKE_CLOUDFLARE.zoneId}/purge_cache` && request.method === "POST")
    return purge(request);
  const prefix = `/client/v4/zones/${FAKE_CLOUDFLARE.zoneId}/custom_hostnames`;
  if (!url.pathname.startsWith(prefix))
    return refuse(
      404,
      7003,
      `Could not route to ${url.pathname}, perhaps your object identifier is invalid?`,
    );
  const id = decodeURIComponent(url.pathname.slice(prefix.length).replace(/^\//, ""));
  const path = url.pathname.slice("/client/v4".length);

  if (!id && request.method === "POST") {
    const body = (await request.json()) as { hostname: string; ssl?: { method?: string; type?: string } };
    calls.push({ method: "POST", path, hostname: body.hostname });
    const failed = await failureFor(body.hostname, "POST");
    if (failed) return failed;
    if (/(^|\.)example\.(com|net|org)$/.test(body.hostname))
      return refuse(
        400,
        1411,
        "Custom hostnames ending in example.com, example.net, or example.org are prohibited.",
      );
    if (hostnames.has(body.hostname)) return refuse(409, 1406, "Duplicate custom hostname found.");
    const record = newHostname(body.hostname, body.ssl?.method);
    hostnames.set(body.hostname, record);
    const lost = failureOf(body.hostname, "POST");
    if (lost?.applied) return fail(lost);
    return envelope(record, 201);
  }

  if (!id && request.method === "GET") {
    const wanted = url.searchParams.get("hostname") ?? "";
    calls.push({ method: "GET", path: `${path}${url.search}`, hostname: wanted });
    const failed = await failureFor(wanted, "GET");
    if (failed) return failed;
    const found = [...hostnames.values()].filter((record) => !wanted || record.hostname === wanted);
    return envelope(found, 200, [], {
      result_info: { page: 1, per_page: 20, count: found.length, total_count: found.length },
    });
  }

  const record = [...hostnames.values()].find((candidate) => candidate.id === id);
  calls.push({ method: request.method, path, hostname: record?.hostname ?? "" });
  if (!record) return notFound();
  const failed = await failureFor(record.hostname, request.method);
  if (failed) return failed;
  if (request.method === "GET") return envelope(record);
  if (request.method === "DELETE") {
    hostnames.delete(record.hostname);
    return envelope({ id: record.id });
  }
  return refuse(405, 10405, "Method not allowed");
}

/** Purge by tags: at most 100 a request, each a string (Cloudflare answers the zone's id). */
async function purge(request: Request): Promise<Response> {
  const failed = await failureFor(PURGE_FAILURES, "POST");
  if (failed) return failed;
  const body = (await request.json()) as { tags?: unknown };
  const tags = body.tags;
  if (
    !Array.isArray(tags) ||
    tags.length === 0 ||
    tags.length > 100 ||
    !tags.every((tag) => typeof tag === "string")
  )
    return refuse(400, 1002, "Purge by tags takes 1 to 100 tags.");
  purges.push({ tags });
  return envelope({ id: FAKE_CLOUDFLARE.zoneId });
}

// --- steering the fake from a test (inside workerd; its fetch leaves through the outboundService) ---

function fakeControl(method: string, path: string, body?: unknown) {
  return fetch(`${FAKE_CLOUDFLARE.origin}/__fake${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export const setAtCloudflare = async (hostname: string, state: FakeState) =>
  (await (await fakeControl("PUT", `/hostnames/${hostname}`, state)).json()) as { id: string };

export const failAtCloudflare = (hostname: string, failure: FakeFailure) =>
  fakeControl("PUT", `/failures/${hostname}`, failure);

export const healCloudflare = (hostname: string) => fakeControl("DELETE", `/failures/${hostname}`);

export const cloudflareCalls = async (hostname: string) =>
  (await (await fakeControl("GET", `/calls?hostname=${hostname}`)).json()) as {
    method: string;
    path: string;
  }[];

/** Whether the fake zone holds a custom hostname of this name. */
export const heldAtCloudflare = async (hostname: string) =>
  (await fakeControl("GET", `/hostnames/${hostname}`)).status === 200;

/** The purge requests the fake took that named this Cache-Tag. */
export const purgesOf = async (tag: string) =>
  (await (await fakeControl("GET", `/purges?tag=${encodeURIComponent(tag)}`)).json()) as { tags: string[] }[];
