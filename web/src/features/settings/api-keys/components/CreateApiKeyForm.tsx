import type { ApiKeyScope } from "@contract/workspaces";
import { type FormEvent, useId, useRef, useState } from "react";
import { ChoiceText } from "@/components/ChoiceText";
import { DialogFormFooter } from "@/components/DialogFormFooter";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { API_KEY_SCOPE_CHOICES } from "@/features/settings/api-keys/api-key-scopes";

interface CreateApiKeyFormProps {
  busy: boolean;
  /** Creates a key with the typed name and the chosen scope; resolves to whether it was created. */
  onCreate: (name: string, scope: ApiKeyScope) => Promise<boolean>;
}

export function CreateApiKeyForm({ busy, onCreate }: CreateApiKeyFormProps) {
  const id = useId();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<ApiKeyScope>("write");
  const inputRef = useRef<HTMLInputElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!(await onCreate(name, scope))) inputRef.current?.focus();
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-5">
      <div className="grid gap-2">
        <Label htmlFor={id}>Key name</Label>
        <Input
          ref={inputRef}
          id={id}
          name="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="e.g. Zapier or CI pipeline"
          required
          maxLength={100}
          autoComplete="off"
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          A name that tells you later which tool uses this key
        </p>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium text-sm">What the key may do</legend>
        {API_KEY_SCOPE_CHOICES.map((choice) => (
          <label key={choice.scope} className="flex items-start gap-3 text-sm">
            <input
              type="radio"
              name="scope"
              value={choice.scope}
              checked={scope === choice.scope}
              onChange={() => setScope(choice.scope)}
              className="mt-0.5 size-4 accent-primary"
            />
            <ChoiceText label={choice.label} hint={choice.hint} />
          </label>
        ))}
      </fieldset>
      <DialogFormFooter busy={busy} label="Create key" busyLabel="Creating..." />
    </form>
  );
}
