import { TAG_MESSAGES } from "@contract/messages";
import { MAX_TAGS, normalizeTag, type TagColour, tagsProblem } from "@contract/tags";
import { XIcon } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import { TagChip } from "@/components/split-tests/TagChip";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

interface TagsFieldProps {
  tags: readonly string[];
  onChange: (tags: string[]) => void;
  colourOf: (tag: string) => TagColour;
  /** A problem from the server, shown like the field's own. */
  problem?: string | null;
}

/**
 * Tags: type one and press Enter or a comma (or leave the field) to add it; each chip's × removes it, and
 * Backspace in the empty field the last one. A tag that cannot be added stays in the field, with why
 * under it.
 */
export function TagsField({ tags, onChange, colourOf, problem }: TagsFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState("");
  const [ownProblem, setOwnProblem] = useState<string | null>(null);
  const shown = ownProblem ?? problem ?? null;
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;

  function add(): boolean {
    const tag = normalizeTag(draft);
    if (tag === "") {
      setDraft("");
      return true;
    }
    const found = tagsProblem([...tags, tag]);
    if (found) {
      setOwnProblem(TAG_MESSAGES[found]);
      return false;
    }
    onChange([...tags, tag]);
    setDraft("");
    setOwnProblem(null);
    return true;
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter" || event.key === ",") {
      // Enter adds the tag, never sends the form around it.
      event.preventDefault();
      add();
    } else if (event.key === "Backspace" && draft === "" && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Tags</Label>
      {tags.length > 0 && (
        <ul aria-label="Tags added" className="flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <li key={tag} className="min-w-0">
              <TagChip tag={tag} colour={colourOf(tag)} className="py-1 pr-1">
                <button
                  type="button"
                  aria-label={`Remove tag ${tag}`}
                  className="grid size-5 shrink-0 cursor-pointer place-items-center rounded-full outline-none hover:bg-black/10 focus-visible:ring-2 focus-visible:ring-ring"
                  onClick={() => {
                    onChange(tags.filter((other) => other !== tag));
                    setOwnProblem(null);
                  }}
                >
                  <XIcon className="size-3" aria-hidden />
                </button>
              </TagChip>
            </li>
          ))}
        </ul>
      )}
      <Input
        id={id}
        name="tag"
        value={draft}
        autoComplete="off"
        maxLength={60}
        placeholder={tags.length >= MAX_TAGS ? undefined : "e.g. spring"}
        aria-invalid={shown ? true : undefined}
        aria-describedby={[shown ? problemId : null, hintId].filter(Boolean).join(" ")}
        onChange={(event) => {
          setDraft(event.target.value);
          setOwnProblem(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          add();
        }}
      />
      {shown && (
        <p id={problemId} className="text-destructive text-xs">
          {shown}
        </p>
      )}
      <p id={hintId} className="text-muted-foreground text-xs">
        Up to {MAX_TAGS}: press Enter or a comma after each. Tags are lower-case.
      </p>
    </div>
  );
}
