import type { ApiKeyScope } from "@contract/workspaces";

/** The scopes as the create form offers them, the default (write) first. */
export const API_KEY_SCOPE_CHOICES: readonly { scope: ApiKeyScope; label: string; hint: string }[] = [
  {
    scope: "write",
    label: "Read and write",
    hint: "Creates and changes tests, domains and webhooks, like an editor of this workspace.",
  },
  {
    scope: "read",
    label: "Read only",
    hint: "Reads tests and results. Every change is refused.",
  },
];

/** How the list names a key's scope. */
export function scopeLabel(scope: ApiKeyScope): string {
  return scope === "read" ? "Read only" : "Read and write";
}
