import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { TextField } from "@/components/TextField";
import { WORKSPACE_NAME_MAX } from "@/lib/workspaces/current-workspace";
import type { useWorkspaceNameChange } from "@/lib/workspaces/use-workspace-name-change";

interface WorkspaceNameFormProps {
  change: ReturnType<typeof useWorkspaceNameChange>;
  initialName?: string;
  placeholder?: string;
  className: string;
  /** The submit control(s), shown under the field. */
  children: ReactNode;
}

/** The one name field for creating and renaming a workspace; a refused name focuses the field again. */
export function WorkspaceNameForm({
  change,
  initialName = "",
  placeholder,
  className,
  children,
}: WorkspaceNameFormProps) {
  const [name, setName] = useState(initialName);
  const inputRef = useRef<HTMLInputElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!(await change.submit(name))) inputRef.current?.focus();
  }

  return (
    <form onSubmit={handleSubmit} noValidate className={className}>
      <TextField
        ref={inputRef}
        label="Workspace name"
        name="name"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          change.clearProblem();
        }}
        placeholder={placeholder}
        required
        maxLength={WORKSPACE_NAME_MAX}
        autoComplete="off"
        problem={change.problem}
      />
      {children}
    </form>
  );
}
