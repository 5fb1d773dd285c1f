import { type FormEvent, useId, useRef, useState } from "react";
import { DialogFormFooter } from "@/components/DialogFormFooter";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

interface CreateApiKeyFormProps {
  busy: boolean;
  /** Creates a key with the typed name; resolves to whether it was created. */
  onCreate: (name: string) => Promise<boolean>;
}

export function CreateApiKeyForm({ busy, onCreate }: CreateApiKeyFormProps) {
  const id = useId();
  const [name, setName] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!(await onCreate(name))) inputRef.current?.focus();
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
      <DialogFormFooter busy={busy} label="Create key" busyLabel="Creating..." />
    </form>
  );
}
