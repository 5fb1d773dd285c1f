import type { TestWithStats } from "@contract/api";
import { TAG_MESSAGES } from "@contract/messages";
import { type FormEvent, useState } from "react";
import { TagChips } from "@/components/split-tests/TagChip";
import { TagsField } from "@/components/split-tests/TagsField";
import { Button } from "@/components/ui/button";
import { BusyLabel } from "@/components/ui/spinner";
import { DetailSection } from "@/features/test-detail/components/DetailSection";
import { useUpdateTest } from "@/features/test-detail/use-update-test";
import { serverMessage } from "@/lib/server-message";
import { useTags } from "@/lib/split-tests/tags";
import { toast } from "@/lib/toast";
import { useWorkspaceAbilities } from "@/lib/workspaces/use-workspace";

/** The test's tags (issue #49): an editor changes them here, whatever the test's state; others read them. */
export function TagsSection({ test }: { test: TestWithStats }) {
  const { canEdit } = useWorkspaceAbilities();
  const { colourOf } = useTags();
  const [tags, setTags] = useState<string[]>(test.tags);
  const update = useUpdateTest(test);
  const changed = tags.join("\n") !== test.tags.join("\n");

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!changed || update.isPending) return;
    try {
      const saved = await update.mutateAsync({ tags });
      setTags(saved.tags);
      toast.success("Tags saved");
    } catch (error) {
      console.warn("Could not save the tags", error);
    }
  }

  return (
    <DetailSection title="Tags">
      {canEdit ? (
        <form onSubmit={save} noValidate className="grid gap-3">
          <TagsField
            tags={tags}
            onChange={(next) => {
              update.reset();
              setTags(next);
            }}
            colourOf={colourOf}
            problem={update.isError ? (serverMessage(update.error) ?? TAG_MESSAGES.list) : null}
          />
          <div>
            <Button type="submit" disabled={!changed || update.isPending}>
              <BusyLabel busy={update.isPending} label="Save tags" busyLabel="Saving..." />
            </Button>
          </div>
        </form>
      ) : test.tags.length > 0 ? (
        <TagChips tags={test.tags} colourOf={colourOf} />
      ) : (
        <p className="text-muted-foreground text-sm">No tags.</p>
      )}
    </DetailSection>
  );
}
