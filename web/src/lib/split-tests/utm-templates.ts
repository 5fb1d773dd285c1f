import type {
  CreateUtmTemplateInput,
  DeletedResponse,
  UtmTemplate,
  UtmTemplateListResponse,
  UtmTemplateResponse,
} from "@contract/api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

// The workspace's UTM templates (issue #49, point 6), which every destination's UTM builder lists.

/** The templates of the workspace the app has open, by name; loaded when a builder first opens. */
export function useUtmTemplates() {
  return useQuery({
    queryKey: queryKeys.utmTemplates,
    queryFn: async ({ signal }) =>
      (await apiFetch<UtmTemplateListResponse>("/api/utm-templates", { signal })).templates,
  });
}

/** Saves a template; every builder's list shows it at once. */
export function useSaveUtmTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateUtmTemplateInput): Promise<UtmTemplate> =>
      (await apiFetch<UtmTemplateResponse>("/api/utm-templates", { method: "POST", body: input })).template,
    onSuccess: (template) => {
      queryClient.setQueryData<UtmTemplate[]>(queryKeys.utmTemplates, (list) =>
        [...(list ?? []), template].sort((a, b) => a.name.localeCompare(b.name)),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.utmTemplates });
    },
  });
}

/** Deletes a template of the workspace; links already tagged with it keep their parameters. */
export function useDeleteUtmTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<DeletedResponse>(`/api/utm-templates/${id}`, { method: "DELETE" }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<UtmTemplate[]>(queryKeys.utmTemplates, (list) =>
        list?.filter((t) => t.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.utmTemplates });
    },
  });
}
