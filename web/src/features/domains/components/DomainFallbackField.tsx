import type { CustomDomain } from "@contract/api";
import { type FormEvent, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useDomainFallback } from "@/features/domains/use-domain-fallback";
import { withHttpsScheme } from "@/lib/split-tests/complete-url";
import { useWorkspaceAbilities } from "@/lib/workspaces/use-workspace";

/**
 * Where the domain's root and unknown paths send visitors, instead of a not-found page. Saved on submit;
 * an empty field removes it.
 */
export function DomainFallbackField({ domain }: { domain: CustomDomain }) {
  const { canEdit } = useWorkspaceAbilities();
  if (!canEdit) return <FallbackUrlText domain={domain} />;
  return <FallbackUrlForm domain={domain} />;
}

/** What a viewer sees: the fallback, not a field they could not save. */
function FallbackUrlText({ domain }: { domain: CustomDomain }) {
  return (
    <p className="mt-2 text-muted-foreground text-xs">
      Fallback URL: <span className="break-all text-foreground">{domain.fallbackUrl ?? "none"}</span>
    </p>
  );
}

function FallbackUrlForm({ domain }: { domain: CustomDomain }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(domain.fallbackUrl ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const { saving, save } = useDomainFallback(domain);
  const changed = value.trim() !== (domain.fallbackUrl ?? "");

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // www.your-site.com/ becomes https://www.your-site.com/, as in the create form.
    const completed = withHttpsScheme(value);
    setValue(completed);
    const found = await save(completed);
    setProblem(found);
    if (found) inputRef.current?.focus();
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="mt-2 grid gap-1">
      <label htmlFor={id} className="font-medium text-xs">
        Fallback URL
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          ref={inputRef}
          id={id}
          type="url"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setProblem(null);
          }}
          onBlur={() => setValue(withHttpsScheme(value))}
          placeholder="https://www.your-site.com/"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${problemId} ${hintId}` : hintId}
          className="h-8 min-w-0 flex-1 basis-48 text-sm"
        />
        <Button
          type="submit"
          size="sm"
          variant="outline"
          disabled={saving || !changed}
          aria-label={`Save the fallback URL of ${domain.domain}`}
        >
          {saving ? "Saving..." : "Save"}
        </Button>
      </div>
      {problem && (
        <p id={problemId} className="text-destructive text-xs">
          {problem}
        </p>
      )}
      <p id={hintId} className="text-muted-foreground text-xs">
        Visitors of {domain.domain}/ and of any path that is no link go here instead of a not-found page.
      </p>
    </form>
  );
}
