import { WORKSPACE_SCREEN_MESSAGES } from "@contract/messages";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { DialogFormFooter } from "@/components/DialogFormFooter";
import { TextField } from "@/components/TextField";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { refreshAfterChange } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/lib/toast";
import { createWorkspace } from "@/lib/workspaces/api/create-workspace";
import { WORKSPACE_NAME_MAX } from "@/lib/workspaces/current-workspace";
import { useWorkspace } from "@/lib/workspaces/use-workspace";
import { useWorkspaceNameChange } from "@/lib/workspaces/use-workspace-name-change";

interface CreateWorkspaceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A name, then the new workspace becomes the current one. */
export function CreateWorkspaceDialog({ open, onOpenChange }: CreateWorkspaceDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New workspace</DialogTitle>
          <DialogDescription>
            A workspace keeps its own tests, domains, API keys and webhooks. You own the ones you create.
          </DialogDescription>
        </DialogHeader>
        {open && <CreateWorkspaceForm onCreated={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function CreateWorkspaceForm({ onCreated }: { onCreated: () => void }) {
  const queryClient = useQueryClient();
  const { switchTo } = useWorkspace();
  const [name, setName] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const { busy, problem, submit, clearProblem } = useWorkspaceNameChange(
    (typed) => createWorkspace({ name: typed }),
    WORKSPACE_SCREEN_MESSAGES.createFailed,
    ({ workspace }) => {
      queryClient.setQueryData(queryKeys.workspaces, (list: { workspaces: unknown[] } | undefined) =>
        list ? { workspaces: [...list.workspaces, workspace] } : list,
      );
      void refreshAfterChange(queryClient, [queryKeys.workspaces]);
      toast.success(WORKSPACE_SCREEN_MESSAGES.created(workspace.name));
      onCreated();
      switchTo(workspace.id);
    },
  );

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!(await submit(name))) inputRef.current?.focus();
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-5">
      <TextField
        ref={inputRef}
        label="Workspace name"
        name="name"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          clearProblem();
        }}
        placeholder="e.g. Acme client"
        required
        maxLength={WORKSPACE_NAME_MAX}
        autoComplete="off"
        problem={problem}
      />
      <DialogFormFooter busy={busy} label="Create workspace" busyLabel="Creating..." />
    </form>
  );
}
