import type { Tag, TagListResponse, TagResponse } from "@contract/api";
import { defaultTagColour, type TagColour } from "@contract/tags";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { refreshAfterChange } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";

// The workspace's tags and their colours (issue #49 point 4): the dashboard's filter and chips, the
// test page's chips.

export async function listTags(signal?: AbortSignal): Promise<Tag[]> {
  return (await apiFetch<TagListResponse>("/api/tags", { signal })).tags;
}

export async function putTagColour({ tag, colour }: { tag: string; colour: TagColour }): Promise<Tag> {
  const path = `/api/tags/${encodeURIComponent(tag)}`;
  return (await apiFetch<TagResponse>(path, { method: "PUT", body: { colour } })).tag;
}

/** The workspace's tags, and each one's colour (a default one for a tag the list does not know yet). */
export function useTags() {
  const query = useQuery({ queryKey: queryKeys.tags, queryFn: ({ signal }) => listTags(signal) });
  const tags = query.data ?? [];
  const colours = new Map(tags.map((tag) => [tag.name, tag.colour]));
  return {
    tags,
    colourOf: (tag: string): TagColour => colours.get(tag) ?? defaultTagColour(tag),
    loading: query.data === undefined && !query.isError,
  };
}

/** Setting a tag's colour; the list and every chip follow. */
export function useSetTagColour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putTagColour,
    onSuccess: () => void refreshAfterChange(queryClient, [queryKeys.tags]),
  });
}
