import { MAX_DOMAIN_LENGTH } from "@contract/domain";
import { type FormEvent, useId, useRef, useState } from "react";
import { DialogFormFooter } from "@/components/DialogFormFooter";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { EXAMPLE_DOMAIN } from "@/features/domains/cname-target";

interface AddDomainFormProps {
  busy: boolean;
  /** Checks and adds the typed domain; resolves to whether it was added. */
  onAdd: (domain: string) => Promise<boolean>;
}

/**
 * The form checks the domain itself (noValidate) so that its messages are the specification's, shown as
 * toasts; `required` still tells assistive technology the field must be filled.
 */
export function AddDomainForm({ busy, onAdd }: AddDomainFormProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const [domain, setDomain] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const added = await onAdd(domain);
    // Refused: back to the field to correct it.
    if (!added) inputRef.current?.focus();
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-5">
      <div className="grid gap-2">
        <Label htmlFor={id}>Domain</Label>
        <Input
          ref={inputRef}
          id={id}
          name="domain"
          value={domain}
          onChange={(event) => setDomain(event.target.value)}
          placeholder={EXAMPLE_DOMAIN}
          required
          maxLength={MAX_DOMAIN_LENGTH}
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-describedby={hintId}
        />
        <p id={hintId} className="text-muted-foreground text-xs">
          Must be a valid domain or subdomain
        </p>
      </div>
      <DialogFormFooter busy={busy} label="Add Domain" busyLabel="Adding..." />
    </form>
  );
}
