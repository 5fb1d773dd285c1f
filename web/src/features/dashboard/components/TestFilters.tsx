import { SearchIcon } from "lucide-react";
import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import {
  KIND_FILTERS,
  type KindFilter,
  STATUS_FILTERS,
  type StatusFilter,
} from "@/features/dashboard/filter-tests";

interface TestFiltersProps {
  query: string;
  onQueryChange: (query: string) => void;
  status: StatusFilter;
  onStatusChange: (status: StatusFilter) => void;
  kind: KindFilter;
  onKindChange: (kind: KindFilter) => void;
}

/** Search by name, links or tests, and a status filter, above the list. */
export function TestFilters({
  query,
  onQueryChange,
  status,
  onStatusChange,
  kind,
  onKindChange,
}: TestFiltersProps) {
  const id = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a search landmark around two filters, not a form to send
    <div role="search" className="flex flex-wrap items-end gap-3">
      <div className="grid min-w-0 flex-1 basis-48 gap-1.5">
        <Label htmlFor={`${id}-query`}>Search by name</Label>
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
