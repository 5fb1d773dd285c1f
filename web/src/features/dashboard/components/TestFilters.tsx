import { TAG_MESSAGES } from "@contract/messages";
import { TAG_COLOURS, type TagColour } from "@contract/tags";
import { SearchIcon } from "lucide-react";
import { useId } from "react";
import { TagChip } from "@/components/split-tests/TagChip";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import {
  KIND_FILTERS,
  type KindFilter,
  STATUS_FILTERS,
  type StatusFilter,
} from "@/features/dashboard/filter-tests";
import { useSetTagColour, useTags } from "@/lib/split-tests/tags";

interface TestFiltersProps {
  query: string;
  onQueryChange: (query: string) => void;
  status: StatusFilter;
  onStatusChange: (status: StatusFilter) => void;
  kind: KindFilter;
  onKindChange: (kind: KindFilter) => void;
  /** The tag the list is narrowed to; "" for any. */
  tag: string;
  onTagChange: (tag: string) => void;
  /** Whether the user may set the chosen tag's colour. */
  canEdit: boolean;
}

/**
 * Search by name or tag, a tag, links or tests, and a status filter, above the list; with a tag chosen,
 * an editor sets its colour beside it.
 */
export function TestFilters({
  query,
  onQueryChange,
  status,
  onStatusChange,
  kind,
  onKindChange,
  tag,
  onTagChange,
  canEdit,
}: TestFiltersProps) {
  const id = useId();
  const { tags, colourOf } = useTags();
  const setColour = useSetTagColour();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a search landmark around two filters, not a form to send
    <div role="search" className="flex flex-wrap items-end gap-3">
      <div className="grid min-w-0 flex-1 basis-48 gap-1.5">
        <Label htmlFor={`${id}-query`}>Search by name or tag</Label>
        <div className="relative">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id={`${id}-query`}
            type="search"
            value={query}
            onChange={(event) => onQueryChange(event.target.value)}
            autoComplete="off"
            className="pl-9"
          />
        </div>
      </div>
      {tags.length > 0 && (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-tag`}>Tag</Label>
          <NativeSelect
            id={`${id}-tag`}
            value={tag}
            onChange={(event) => onTagChange(event.target.value)}
            className="w-40"
          >
            <option value="">All tags</option>
            {tags.map(({ name, tests }) => (
              <option key={name} value={name}>
                {name} ({tests})
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      {tag && canEdit && (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-colour`}>
            Colour of <TagChip tag={tag} colour={colourOf(tag)} />
          </Label>
          <NativeSelect
            id={`${id}-colour`}
            value={colourOf(tag)}
            disabled={setColour.isPending}
            aria-invalid={setColour.isError ? true : undefined}
            aria-describedby={setColour.isError ? `${id}-colour-problem` : undefined}
            onChange={(event) => setColour.mutate({ tag, colour: event.target.value as TagColour })}
            className="w-32"
          >
            {TAG_COLOURS.map((colour) => (
              <option key={colour} value={colour}>
                {colour}
              </option>
            ))}
          </NativeSelect>
          {setColour.isError && (
            <p id={`${id}-colour-problem`} className="text-destructive text-xs">
              {TAG_MESSAGES.saveFailed}
            </p>
          )}
        </div>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-kind`}>Show</Label>
        <NativeSelect
          id={`${id}-kind`}
          value={kind}
          onChange={(event) => onKindChange(event.target.value as KindFilter)}
          className="w-40"
        >
          {KIND_FILTERS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <NativeSelect
          id={`${id}-status`}
          value={status}
          onChange={(event) => onStatusChange(event.target.value as StatusFilter)}
          className="w-44"
        >
          {STATUS_FILTERS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
