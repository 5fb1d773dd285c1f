import type { UrlMatch } from "@contract/tracking";
import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { withHttpsScheme } from "@/lib/split-tests/complete-url";
import type { GoalDraft } from "@/lib/split-tests/goal-drafts";

const MATCHES: { value: UrlMatch; label: string }[] = [
  { value: "equals", label: "This page exactly" },
  { value: "starts_with", label: "Pages that start with it" },
  { value: "contains", label: "Pages that contain it" },
];

interface GoalFieldsProps {
  draft: GoalDraft;
  onChange: (draft: GoalDraft) => void;
  /** What is wrong with the conversion URL, shown under it; null when nothing. */
  problem?: string | null;
}

/** What counts as a conversion: a visit of the conversion URL (matched exactly, by its start, or by a part), or a call. */
export function GoalFields({ draft, onChange, problem = null }: GoalFieldsProps) {
  const id = useId();
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 font-medium text-sm">Counts as a conversion</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {(
          [
            ["page", "A visit of a page"],
            ["call", "A call from your page"],
          ] as const
        ).map(([kind, label]) => (
          <label key={kind} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-goal`}
              checked={draft.kind === kind}
              onChange={() => onChange({ ...draft, kind })}
              className="size-4 accent-primary"
            />
            {label}
          </label>
        ))}
      </div>
      {draft.kind === "page" ? (
        <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-url`}>Conversion URL</Label>
            <Input
              id={`${id}-url`}
              name="conversionUrl"
              type="url"
              inputMode="url"
              placeholder="https://"
              value={draft.url}
              maxLength={2048}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-url-problem ${id}-url-hint` : `${id}-url-hint`}
              onChange={(event) => onChange({ ...draft, url: event.target.value })}
              onBlur={() => {
                // shop.example/thanks becomes https://shop.example/thanks.
                const url = withHttpsScheme(draft.url);
                if (url !== draft.url) onChange({ ...draft, url });
              }}
            />
            {problem && (
              <p id={`${id}-url-problem`} className="text-destructive text-xs">
                {problem}
              </p>
            )}
            <p id={`${id}-url-hint`} className="text-muted-foreground text-xs">
              The thank-you or conversion confirmation page. Left empty, the test counts no conversion by
              itself.
            </p>
          </div>
          <div className="grid content-start gap-2">
            <Label htmlFor={`${id}-match`}>Which pages</Label>
            <NativeSelect
              id={`${id}-match`}
              value={draft.match}
              onChange={(event) => onChange({ ...draft, match: event.target.value as UrlMatch })}
            >
              {MATCHES.map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
      ) : (
        <p className="text-muted-foreground text-xs">
          Your page calls <code className="font-mono">splitlink.convert()</code> when a visitor converts, or
          its tag carries <code className="font-mono">data-convert</code>. A page visit alone counts nothing.
        </p>
      )}
    </fieldset>
  );
}
