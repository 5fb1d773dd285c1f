import { VARIANT_MESSAGES } from "@contract/messages";
import { isPlainLink, labelAt, TOTAL_WEIGHT } from "@contract/variants";
import { PlusIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { VariantField } from "@/components/split-tests/VariantField";
import { Button } from "@/components/ui/button";
import { withHttpsScheme } from "@/lib/split-tests/complete-url";
import { withContentRenamed } from "@/lib/split-tests/utm";
import {
  canAddDraft,
  canRemoveDraftAt,
  isEvenSplit,
  type VariantDraft,
  weightTotal,
  withDraftAdded,
  withDraftRemoved,
  withEvenWeights,
} from "@/lib/split-tests/variant-drafts";
import { cn } from "@/lib/utils";

interface VariantsEditorProps {
  drafts: readonly VariantDraft[];
  onChange: (drafts: VariantDraft[]) => void;
  /** Set when something else decides the split (Optimise mode's bandit): said instead of the split's controls. */
  managedSplit?: string;
  /** What is wrong with each variant's URL, by position (null or absent when nothing). */
  urlProblems?: readonly (string | null)[];
  /** What is wrong with the weights, shown under them; null or absent when nothing. */
  weightsProblem?: string | null;
}

/**
 * A test's variants: a URL each (A always, B to start with, C to H added on demand; A alone is a plain
 * link) and the traffic split. The split
 * stays a one-line summary until the user asks to change it, so a plain A/B test looks as it always did.
 * Used by the create form and by the test page while its variants can still change.
 */
export function VariantsEditor({
  drafts,
  onChange,
  managedSplit,
  urlProblems = [],
  weightsProblem,
}: VariantsEditorProps) {
  const [wantsWeights, setShowWeights] = useState(() => !isEvenSplit(drafts));
  // A problem with the weights shows them, so that it stands next to them.
  // One destination takes everyone: a plain link has no split to set.
  const link = isPlainLink(drafts);
  const showWeights = (wantsWeights || Boolean(weightsProblem)) && !managedSplit && !link;
  const editor = useRef<HTMLDivElement>(null);
  const limitId = useId();
  const weightsProblemId = `${limitId}-weights`;
  // A plain link has no weights to show: a problem with its split (Optimise mode) stands where they would.
  const weightsInvalid = (showWeights || link) && weightsProblem ? weightsProblemId : undefined;
  const canAdd = canAddDraft(drafts);
  const total = weightTotal(drafts);

  /** Focuses the editor's n-th URL or weight input once React has drawn the change that asked for it. */
  function focusInput(type: "url" | "number", position: number) {
    setTimeout(
      () => editor.current?.querySelectorAll<HTMLInputElement>(`input[type="${type}"]`)[position]?.focus(),
      0,
    );
  }

  function update(key: number, change: Partial<VariantDraft>) {
    onChange(drafts.map((variant) => (variant.key === key ? { ...variant, ...change } : variant)));
  }

  function add() {
    onChange(withDraftAdded(drafts));
    focusInput("url", drafts.length);
  }

  function remove(index: number, key: number) {
    onChange(withDraftRemoved(drafts, key));
    // The removed row's button leaves with it: focus the row above.
    focusInput("url", index - 1);
  }

  function changeSplit() {
    setShowWeights(true);
    // The button that asked leaves: focus the first weight.
    focusInput("number", 0);
  }

  return (
    <div ref={editor} className="grid gap-5">
      {drafts.map((variant, index) => (
        <VariantField
          key={variant.key}
          label={labelAt(index)}
          url={variant.url}
          weight={variant.weight}
          name={variant.name}
          showWeight={showWeights}
          onUrlChange={(url) => update(variant.key, { url })}
          onUrlBlur={() => {
            // shop.example/a becomes https://shop.example/a.
            const url = withHttpsScheme(variant.url);
            if (url !== variant.url) update(variant.key, { url });
          }}
          problem={urlProblems[index] ?? null}
          onWeightChange={(weight) => update(variant.key, { weight })}
          weightProblemId={weightsInvalid}
          // utm_content that names the variant follows its new name.
          onNameChange={(name) =>
            update(variant.key, { name, url: withContentRenamed(variant.url, variant.name, name) })
          }
          onRemove={canRemoveDraftAt(index) ? () => remove(index, variant.key) : undefined}
        />
      ))}
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Button
              variant="outline"
              size="sm"
              disabled={!canAdd}
              aria-describedby={canAdd ? undefined : limitId}
              onClick={add}
            >
              <PlusIcon aria-hidden />
              Add variant
            </Button>
            {!canAdd && (
              <p id={limitId} className="text-muted-foreground text-xs">
                {VARIANT_MESSAGES.count}
              </p>
            )}
          </div>
          {link ? (
            <p className="text-muted-foreground text-sm">
              One destination: a plain link that counts its clicks. Add a variant to test it.
            </p>
          ) : managedSplit ? (
            <p className="text-muted-foreground text-sm">{managedSplit}</p>
          ) : showWeights ? (
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <p
                aria-live="polite"
                className={cn(
                  "text-sm tabular-nums",
                  total === TOTAL_WEIGHT ? "text-muted-foreground" : "font-medium text-destructive",
                )}
              >
                Total {total} %{total !== TOTAL_WEIGHT && !weightsInvalid && `: ${VARIANT_MESSAGES.total}`}
              </p>
              <Button
                variant="outline"
                size="sm"
                disabled={isEvenSplit(drafts)}
                onClick={() => onChange(withEvenWeights(drafts))}
              >
                Even split
              </Button>
            </div>
          ) : (
            <p className="flex flex-wrap items-center gap-x-2 text-muted-foreground text-sm">
              Traffic split {drafts.map((variant) => variant.weight).join("/")}
              <Button variant="link" className="h-auto px-0" onClick={changeSplit}>
                Change split
              </Button>
            </p>
          )}
        </div>
        {weightsInvalid && (
          <p id={weightsProblemId} className="text-destructive text-xs">
            {weightsProblem}
          </p>
        )}
        {showWeights && (
          <p className="text-muted-foreground text-xs">
            Each weight is a whole percent from 1 to 99. Adding or removing a variant splits the traffic
            evenly again.
          </p>
        )}
      </div>
    </div>
  );
}
