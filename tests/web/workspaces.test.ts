import type { Workspace } from "@contract/api";
import { WORKSPACE_MESSAGES } from "@contract/messages";
import { WORKSPACE_HEADER } from "@contract/workspaces";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { scopeLabel } from "@/features/settings/api-keys/api-key-scopes";
import { confirmsWorkspaceName } from "@/features/settings/workspace/delete-confirmation";
import {
  apiFetch,
  isWorkspaceGoneError,
  onWorkspaceGone,
  RequestError,
  setRequestWorkspace,
} from "@/lib/api";
import {
  abilitiesOf,
  pickCurrentWorkspace,
  workspaceNameProblem,
  workspaceStorageKey,
} from "@/lib/workspaces/current-workspace";

const personal: Workspace = {
  id: "user-1",
  name: "Personal",
  role: "owner",
  personal: true,
  requireTwoFactor: false,
  currency: null,
};
const agency: Workspace = {
  id: "ws-agency",
  name: "Agency",
  role: "editor",
  personal: false,
  requireTwoFactor: false,
  currency: null,
};
const client: Workspace = {
  id: "ws-client",
  name: "Client",
  role: "viewer",
  personal: false,
  requireTwoFactor: false,
  currency: null,
};

describe("the current workspace", () => {
  it("is the remembered one while the user is still in it", () => {
    expect(pickCurrentWorkspace([personal, agency, client], "ws-client", "user-1")).toBe(client);
  });

  it("is the personal one when the remembered one is gone (removed, deleted) or nothing is remembered", () => {
    expect(pickCurrentWorkspace([personal, agency], "ws-client", "user-1")).toBe(personal);
    expect(pickCurrentWorkspace([agency, personal], null, "user-1")).toBe(personal);
  });

  it("is the user's own workspace, owned, when no list is at hand", () => {
    expect(pickCurrentWorkspace([], "ws-client", "user-1")).toEqual(personal);
  });

  it("is remembered per user, so another user signing in on the same browser starts in their own", () => {
    expect(workspaceStorageKey("user-1")).not.toBe(workspaceStorageKey("user-2"));
  });
});

describe("what a role lets the user do on the screens", () => {
  it("an owner changes everything and manages the workspace", () => {
    expect(abilitiesOf("owner")).toEqual({ canEdit: true, canManage: true });
  });

  it("an editor changes tests, domains, keys and webhooks but does not manage the workspace", () => {
    expect(abilitiesOf("editor")).toEqual({ canEdit: true, canManage: false });
  });

  it("a viewer changes nothing", () => {
    expect(abilitiesOf("viewer")).toEqual({ canEdit: false, canManage: false });
  });
});

describe("a workspace's name as typed", () => {
  it("must hold something besides spaces", () => {
    expect(workspaceNameProblem("   ")).toBe(WORKSPACE_MESSAGES.nameRequired);
  });

  it("has at most 60 characters, spaces around it not counted", () => {
    expect(workspaceNameProblem(`  ${"a".repeat(60)}  `)).toBeNull();
    expect(workspaceNameProblem("a".repeat(61))).toBe(WORKSPACE_MESSAGES.nameTooLong);
  });
});

describe("deleting a workspace", () => {
  it("is confirmed by its exact name only", () => {
    expect(confirmsWorkspaceName(" Acme client ", "Acme client")).toBe(true);
    expect(confirmsWorkspaceName("acme client", "Acme client")).toBe(false);
    expect(confirmsWorkspaceName("", "Acme client")).toBe(false);
  });
});

describe("an API key's scope as the list shows it", () => {
  it("names read and write apart", () => {
    expect(scopeLabel("read")).toBe("Read only");
    expect(scopeLabel("write")).toBe("Read and write");
  });
});

describe("the workspace-not-found answer", () => {
  it("is told apart from any other 404", () => {
    expect(isWorkspaceGoneError(new RequestError(404, "not_found", WORKSPACE_MESSAGES.notFound))).toBe(true);
    expect(isWorkspaceGoneError(new RequestError(404, "not_found", "Test not found"))).toBe(false);
    expect(isWorkspaceGoneError(new RequestError(403, "forbidden", WORKSPACE_MESSAGES.notFound))).toBe(false);
  });
});

// The browser's fetch stands in for the network: it answers with the header it was given, or as the
// API answers a user who is not in the workspace.
describe("every API call", () => {
  beforeEach(() => {
    vi.stubGlobal("fetch", async (_path: string, init: RequestInit) => {
      const named = new Headers(init.headers).get(WORKSPACE_HEADER);
      if (named === "ws-removed")
        return Response.json(
          { error: { code: "not_found", message: WORKSPACE_MESSAGES.notFound } },
          { status: 404 },
        );
      return Response.json({ workspace: named });
    });
  });

  afterEach(() => {
    setRequestWorkspace(undefined);
    vi.unstubAllGlobals();
  });

  it("names the current workspace in the SplitLink-Workspace header", async () => {
    setRequestWorkspace("ws-agency");
    expect(await apiFetch("/api/tests")).toEqual({ workspace: "ws-agency" });
  });

  it("names none before a workspace is chosen (the API then works in the personal one)", async () => {
    expect(await apiFetch("/api/tests")).toEqual({ workspace: null });
  });

  it("names none to the session's own calls, which belong to no workspace", async () => {
    setRequestWorkspace("ws-agency");
    expect(await apiFetch("/api/auth/me")).toEqual({ workspace: null });
  });

  it("tells the app when the API says the user is no longer in that workspace", async () => {
    setRequestWorkspace("ws-removed");
    const heard: string[] = [];
    const stop = onWorkspaceGone((id) => heard.push(id));
    try {
      await expect(apiFetch("/api/tests")).rejects.toMatchObject({
        status: 404,
        message: WORKSPACE_MESSAGES.notFound,
      });
    } finally {
      stop();
    }
    expect(heard).toEqual(["ws-removed"]);
  });
});
