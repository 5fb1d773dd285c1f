import { END_MESSAGES } from "@contract/messages";
import { type EndAction, MAX_MINIMUM_DAYS, minEndVisitors } from "@contract/schedule";
import { useId } from "react";
import { TextField } from "@/components/TextField";
import type { EndDraft, EndField } from "@/lib/split-tests/end-drafts";

const END_CHOICES: { value: EndAction; label: string }[] = [
  { value: "keep", label: "Keep the split" },
  { value: "control", label: "Send everyone to version A (the control)" },
  { value: "promote", label: "Promote the winner, if there is a clear one" },
  { value: "url", label: "Send everyone to an after-page" },
];

interface EndSettingsFieldsProps {
  draft: EndDraft;
  onChange: (draft: EndDraft) => void;
  /** What is wrong, shown under the field it is about; null or absent when nothing. */
  problem?: { message: string; field: EndField } | null;
}

/**
 * When a test starts (issue #49) and ends on its own, and what happens then: the create form's and the
 * test page's fields.
 */
export function EndSettingsFields({ draft, onChange, problem }: EndSettingsFieldsProps) {
  const id = useId();
  const problemAt = (field: EndField) => (problem?.field === field ? problem.message : null);
  const set = (change: Partial<EndDraft>) => onChange({ ...draft, ...change });
  return (
    <div className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Start on"
          name="startsAt"
          type="datetime-local"
          value={draft.startsAt}
          onChange={(event) => set({ startsAt: event.target.value })}
          problem={problemAt("startsAt")}
          hint="Optional. In your time zone. Until then the link counts nothing."
        />
        {draft.startsAt && (
          <TextField
            label="Before the start, send visitors to"
            name="beforeUrl"
            type="url"
            placeholder="https://example.com/coming-soon"
            value={draft.beforeUrl}
            onChange={(event) => set({ beforeUrl: event.target.value })}
            problem={problemAt("beforeUrl")}
            hint="Optional. Version A's URL when empty."
          />
        )}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="End on"
          name="endsAt"
          type="datetime-local"
          value={draft.endsAt}
          onChange={(event) => set({ endsAt: event.target.value })}
          problem={problemAt("endsAt")}
          hint="Optional. In your time zone."
        />
        <TextField
          label="End after this many visitors"
          name="endAfterVisitors"
          type="number"
          inputMode="numeric"
          min={minEndVisitors(draft.onEnd)}
          step={1}
          placeholder="e.g. 5000"
          value={draft.endAfterVisitors}
          onChange={(event) => set({ endAfterVisitors: event.target.value })}
          problem={problemAt("endAfterVisitors")}
          hint={
            draft.onEnd === "url"
              ? "Optional. From 1: the next 50 people, then the after-page. With a date too, whichever comes first."
              : "Optional. With a date too, whichever comes first ends the test."
          }
        />
        <TextField
          label="Minimum days before any call"
          name="minimumDays"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_MINIMUM_DAYS}
          step={1}
          value={draft.minimumDays}
          onChange={(event) => set({ minimumDays: event.target.value })}
          problem={problemAt("minimumDays")}
          hint="Full weeks, so every weekday counts: until then no verdict, alert, end or promotion. 0 for none."
        />
      </div>
      <fieldset className="grid gap-2" aria-describedby={`${id}-plan`}>
        <legend className="mb-1 font-medium text-sm">At the end</legend>
        {END_CHOICES.map((choice) => (
          <label key={choice.value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-onEnd`}
              value={choice.value}
              checked={draft.onEnd === choice.value}
              onChange={() => set({ onEnd: choice.value })}
              className="size-4 accent-primary"
            />
            {choice.label}
          </label>
        ))}
        {draft.onEnd === "url" && (
          <TextField
            label="After the end, send everyone to"
            name="afterUrl"
            type="url"
            placeholder="https://example.com/campaign-over"
            value={draft.afterUrl}
            onChange={(event) => set({ afterUrl: event.target.value })}
            problem={problemAt("afterUrl")}
            hint="The campaign's after-page. The results freeze at the end."
          />
        )}
        <p id={`${id}-plan`} className="text-muted-foreground text-xs">
          {END_MESSAGES.plan[draft.onEnd]} The winner is the one the verdict names, which stays right however
          often you check.
        </p>
      </fieldset>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          name="stopEarly"
          checked={draft.stopEarly}
          onChange={(event) => set({ stopEarly: event.target.checked })}
          className="mt-0.5 size-4 accent-primary"
        />
        <span>
          Stop as soon as there is a clear winner
          <span className="block text-muted-foreground text-xs">
            Then what you chose above happens at once, even before the end date.
          </span>
        </span>
      </label>
    </div>
  );
}
