import type { ImportResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** POST /api/tests/import: a file's text (or a part of it, header first); a dry run creates nothing. */
export function importLinks(csv: string, dryRun: boolean, signal?: AbortSignal): Promise<ImportResponse> {
  return apiFetch<ImportResponse>(`/api/tests/import${dryRun ? "?dryRun=true" : ""}`, {
    method: "POST",
    body: { csv },
    signal,
  });
}
