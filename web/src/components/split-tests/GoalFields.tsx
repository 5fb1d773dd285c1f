import type { UrlMatch } from "@contract/tracking";
import { type ReactNode, useId } from "react";
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

/** Which pages a page goal's URL stands for: this one exactly, those that start with it, or contain it. */
function UrlMatchSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: UrlMatch;
  onChange: (match: UrlMatch) => void;
}) {
  return (
    <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value as UrlMatch)}>
      {MATCHES.map(({ value: match, label }) => (
        <option key={match} value={match}>
          {label}
        </option>
      ))}
    </NativeSelect>
  );
}

/**
 * A page goal's URL (https:// added when the field is left) and which pages it stands for, side by
 * side; `children` go under the URL (its problem, its hint).
 */
export function PageGoalInputs({
  id,
  label,
  name,
  url,
  match,
  onChange,
  invalid,
  describedBy,
  children,
}: {
  id: string;
  label: string;
  name?: string;
  url: string;
  match: UrlMatch;
  onChange: (change: { url?: string; match?: UrlMatch }) => void;
  invalid: boolean;
  describedBy?: string;
  children?: ReactNode;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-url`}>{label}</Label>
        <Input
          id={`${id}-url`}
          name={name}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={url}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange({ url: event.target.value })}
          onBlur={() => {
            // shop.example/thanks becomes https://shop.example/thanks.
            const completed = withHttpsScheme(url);
            if (completed !== url) onChange({ url: completed });
          }}
        />
        {children}
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor={`${id}-match`}>Which pages</Label>
        <UrlMatchSelect id={`${id}-match`} value={match} onChange={(next) => onChange({ match: next })} />
      </div>
    </div>
  );
}

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
        <PageGoalInputs
          id={id}
          label="Conversion URL"
          name="conversionUrl"
          url={draft.url}
          match={draft.match}
          onChange={(change) => onChange({ ...draft, ...change })}
          invalid={problem !== null}
          describedBy={problem ? `${id}-url-problem ${id}-url-hint` : `${id}-url-hint`}
        >
          {problem && (
            <p id={`${id}-url-problem`} className="text-destructive text-xs">
              {problem}
            </p>
          )}
          <p id={`${id}-url-hint`} className="text-muted-foreground text-xs">
            The thank-you or conversion confirmation page. Left empty, the test counts no conversion by
            itself.
          </p>
        </PageGoalInputs>
      ) : (
        <p className="text-muted-foreground text-xs">
          Your page calls <code className="font-mono">splitlink.convert()</code> when a visitor converts, or
          its tag carries <code className="font-mono">data-convert</code>. A page visit alone counts nothing.
        </p>
      )}
    </fieldset>
  );
}
