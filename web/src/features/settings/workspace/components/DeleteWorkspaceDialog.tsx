import type { Workspace } from "@contract/api";
import { TrashIcon } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { TextField } from "@/components/TextField";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { BusyLabel } from "@/components/ui/spinner";
import { confirmsWorkspaceName } from "@/features/settings/workspace/delete-confirmation";
import { useDeleteWorkspace } from "@/features/settings/workspace/use-delete-workspace";
import { WORKSPACE_SCREEN_MESSAGES } from "@/lib/workspaces/workspace-screen-messages";

/** Delete, after the owner types the workspace's name: everything in it goes, for every member. */
export function DeleteWorkspaceDialog({ workspace }: { workspace: Workspace }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="destructive" className="justify-self-start">
          <TrashIcon aria-hidden />
          Delete workspace
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {workspace.name}?</DialogTitle>
          <DialogDescription>
            Its tests, results, domains, API keys and webhooks are deleted for every member. This cannot be
            undone.
          </DialogDescription>
        </DialogHeader>
        {open && <DeleteWorkspaceForm workspace={workspace} />}
      </DialogContent>
    </Dialog>
  );
}

function DeleteWorkspaceForm({ workspace }: { workspace: Workspace }) {
  const [typed, setTyped] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const { busy, remove } = useDeleteWorkspace(workspace);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const refused = confirmsWorkspaceName(typed, workspace.name)
      ? await remove()
      : WORKSPACE_SCREEN_MESSAGES.deleteNameMismatch;
    setProblem(refused);
    if (refused) inputRef.current?.focus();
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-5">
      <TextField
        ref={inputRef}
        label={`Type ${workspace.name} to confirm`}
        name="confirmName"
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setProblem(null);
        }}
        autoComplete="off"
        problem={problem}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="destructive" aria-disabled={busy}>
          <BusyLabel busy={busy} label="Delete workspace" busyLabel="Deleting..." />
        </Button>
      </DialogFooter>
    </form>
  );
}
