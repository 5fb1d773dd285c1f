import type { ApiErrorBody, AuthResponse, ErrorCode } from "@contract/api";
import { GENERIC_MESSAGES } from "@contract/generic-messages";
import { WORKSPACE_MESSAGES } from "@contract/messages";
import { WORKSPACE_HEADER, WORKSPACE_QUERY } from "@contract/workspaces";

/** The API's codes, and the client's own for a request that got no answer or not the API's. */
export type ClientErrorCode = ErrorCode | "network_error" | "unexpected_response";

/** A request that failed: the API's error answer with its status, or none (status 0). */
export class RequestError extends Error {
  readonly status: number;
  readonly code: ClientErrorCode;
  readonly reasons: string[];

  constructor(status: number, code: ClientErrorCode, message: string, reasons: string[] = []) {
    super(message);
    this.name = "RequestError";
    this.status = status;
    this.code = code;
    this.reasons = reasons;
  }
}

export interface ApiRequestInit extends Omit<RequestInit, "body" | "credentials"> {
  /** Sent as JSON. */
  body?: unknown;
}

const AUTH_PATH_PREFIX = "/api/auth/";

/** The workspace every call works in (the SplitLink-Workspace header); unset: the personal one. */
let workspaceId: string | undefined;

type WorkspaceGoneListener = (workspaceId: string) => void;
const workspaceGoneListeners = new Set<WorkspaceGoneListener>();

/** Names the workspace every later call works in; the WorkspaceProvider keeps it. */
export function setRequestWorkspace(id: string | undefined): void {
  workspaceId = id;
}

/** A download link of the cookie API in the current workspace: a link cannot send the header. */
export function downloadUrl(path: string): string {
  if (!workspaceId) return path;
  return `${path}${path.includes("?") ? "&" : "?"}${WORKSPACE_QUERY}=${encodeURIComponent(workspaceId)}`;
}

/** Hears the API say the workspace the calls name is not the user's (any more): removed, or deleted. */
export function onWorkspaceGone(listener: WorkspaceGoneListener): () => void {
  workspaceGoneListeners.add(listener);
  return () => workspaceGoneListeners.delete(listener);
}

/** Whether an error is the API's answer for a workspace the user is not in. */
export function isWorkspaceGoneError(error: unknown): boolean {
  return (
    error instanceof RequestError && error.status === 404 && error.message === WORKSPACE_MESSAGES.notFound
  );
}

/** Asks the user for their password (the ReauthDialog); true once POST /api/auth/reauth took it. */
type ReauthPrompt = () => Promise<boolean>;
let reauthPrompt: ReauthPrompt | undefined;

/** The dialog that asks for the password when a sensitive action answers 403 `reauth_required`. */
export function setReauthPrompt(prompt: ReauthPrompt | undefined): void {
  reauthPrompt = prompt;
}

/**
 * Calls the JSON API with the session cookies. A 401 outside /api/auth/ usually means the short-lived
 * access token expired: the session is refreshed once and the call retried. A 403 `reauth_required`
 * (a sensitive action, the password not entered in the last 10 minutes) asks for the password in
 * place and retries once it is entered.
 */
export async function apiFetch<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  try {
    return await withFreshSession<T>(path, init);
  } catch (error) {
    if (!(error instanceof RequestError && error.code === "reauth_required" && reauthPrompt)) throw error;
    if (!(await reauthPrompt())) throw error;
    return withFreshSession<T>(path, init);
  }
}

async function withFreshSession<T>(path: string, init: ApiRequestInit): Promise<T> {
  try {
    return await request<T>(path, init);
  } catch (error) {
    const accessTokenExpired =
      error instanceof RequestError && error.status === 401 && !path.startsWith(AUTH_PATH_PREFIX);
    if (!accessTokenExpired) throw error;
    const session = await refreshSession();
    if (!session) throw error;
    return request<T>(path, init);
  }
}

async function request<T>(path: string, { body, headers, ...init }: ApiRequestInit): Promise<T> {
  const requestHeaders = new Headers(headers);
  requestHeaders.set("Accept", "application/json");
  if (body !== undefined) requestHeaders.set("Content-Type", "application/json");
  const sentWorkspace = path.startsWith(AUTH_PATH_PREFIX) ? undefined : workspaceId;
  if (sentWorkspace !== undefined && !requestHeaders.has(WORKSPACE_HEADER))
    requestHeaders.set(WORKSPACE_HEADER, sentWorkspace);

  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: requestHeaders,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    // The browser's own wording ("Failed to fetch") is what the user can act on.
    const message = error instanceof Error ? error.message : GENERIC_MESSAGES.internal;
    throw new RequestError(0, "network_error", message);
  }

  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = toRequestError(response.status, payload);
    if (sentWorkspace !== undefined && isWorkspaceGoneError(error))
      for (const listener of workspaceGoneListeners) listener(sentWorkspace);
    throw error;
  }
  return payload as T;
}

function toRequestError(status: number, payload: unknown): RequestError {
  if (isApiErrorBody(payload)) {
    const { code, message, reasons } = payload.error;
    return new RequestError(status, code, message, reasons);
  }
  // A proxy or platform error page, not our API.
  return new RequestError(status, "unexpected_response", GENERIC_MESSAGES.internal);
}

function isApiErrorBody(payload: unknown): payload is ApiErrorBody {
  if (typeof payload !== "object" || payload === null || !("error" in payload)) return false;
  const { error } = payload;
  return (
    typeof error === "object" &&
    error !== null &&
    "message" in error &&
    typeof error.message === "string" &&
    "code" in error &&
    typeof error.code === "string"
  );
}

type SessionListener = (session: AuthResponse | null) => void;

const sessionListeners = new Set<SessionListener>();

/** Hears every refresh outcome: the new session, or null once the server refused to refresh. */
export function onSessionRefresh(listener: SessionListener): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

let refreshInFlight: Promise<AuthResponse | null> | null = null;

/**
 * Rotates the session cookies. Resolves to null when the server refuses (signed out); rejects only when
 * the server could not be asked. Concurrent callers share one request: the refresh token rotates, and
 * sending the old one twice would look like token theft and revoke the whole session.
 */
export function refreshSession(): Promise<AuthResponse | null> {
  refreshInFlight ??= requestRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function requestRefresh(): Promise<AuthResponse | null> {
  let session: AuthResponse | null;
  try {
    session = await request<AuthResponse>(`${AUTH_PATH_PREFIX}refresh`, { method: "POST" });
  } catch (error) {
    if (!(error instanceof RequestError && error.status === 401)) throw error;
    session = null;
  }
  for (const listener of sessionListeners) listener(session);
  return session;
}
