import { ChevronsUpDownIcon, PlusIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { CreateWorkspaceDialog } from "@/components/workspaces/CreateWorkspaceDialog";
import { toast } from "@/lib/toast";
import { roleLabel } from "@/lib/workspaces/current-workspace";
import { useWorkspace } from "@/lib/workspaces/use-workspace";
import { WORKSPACE_SCREEN_MESSAGES } from "@/lib/workspaces/workspace-screen-messages";

/** The header's menu: the current workspace and the user's role there, the others, a new one. */
export function WorkspaceSwitcher() {
  const { workspace, workspaces, switchTo } = useWorkspace();
  const [creating, setCreating] = useState(false);

  function choose(id: string) {
    const chosen = workspaces.find((each) => each.id === id);
    if (!chosen || chosen.id === workspace.id) return;
    switchTo(chosen.id);
    toast.success(WORKSPACE_SCREEN_MESSAGES.switched(chosen.name));
  }

  return (
    <>
      {/* Not modal: a modal menu hides the page behind it with aria-hidden while focus may stay there. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" className="min-w-0 max-w-56">
            {/* The accessible name holds the visible text: "Workspace: Acme client Viewer". */}
            <span className="sr-only">Workspace:</span>{" "}
            <span className="min-w-0 truncate">{workspace.name}</span>{" "}
            <span className="text-muted-foreground text-xs">{roleLabel(workspace.role)}</span>
            <ChevronsUpDownIcon aria-hidden className="opacity-60" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-64">
          <DropdownMenuLabel>Workspaces</DropdownMenuLabel>
          <DropdownMenuRadioGroup value={workspace.id} onValueChange={choose}>
            {workspaces.map((each) => (
              <DropdownMenuRadioItem key={each.id} value={each.id}>
                <span className="min-w-0 flex-1 truncate">{each.name}</span>
                <span className="text-muted-foreground text-xs">{roleLabel(each.role)}</span>
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setCreating(true)}>
            <PlusIcon aria-hidden />
            New workspace
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <CreateWorkspaceDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
