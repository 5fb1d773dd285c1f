import type { Workspace } from "@contract/api";
import { type FormEvent, useRef, useState } from "react";
import { TextField } from "@/components/TextField";
import { Button } from "@/components/ui/button";
import { BusyLabel } from "@/components/ui/spinner";
import { useRenameWorkspace } from "@/features/settings/workspace/use-rename-workspace";
import { WORKSPACE_NAME_MAX } from "@/lib/workspaces/current-workspace";

/** The owner's name field for the workspace. */
export function RenameWorkspaceForm({ workspace }: { workspace: Workspace }) {
  const [name, setName] = useState(workspace.name);
  const inputRef = useRef<HTMLInputElement>(null);
  const { busy, problem, submit, clearProblem } = useRenameWorkspace(workspace);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!(await submit(name))) inputRef.current?.focus();
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-3 sm:max-w-sm">
      <TextField
        ref={inputRef}
        label="Workspace name"
        name="name"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          clearProblem();
        }}
        required
        maxLength={WORKSPACE_NAME_MAX}
        autoComplete="off"
        problem={problem}
      />
      <Button type="submit" variant="outline" className="justify-self-start" aria-disabled={busy}>
        <BusyLabel busy={busy} label="Rename" busyLabel="Renaming..." />
      </Button>
    </form>
  );
}
