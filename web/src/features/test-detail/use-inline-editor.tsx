import { PencilIcon } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { useWorkspaceAbilities } from "@/lib/workspaces/use-workspace";

/**
 * A section of the test page that swaps what it shows for an editor. The button that opens the editor
 * (`editButton(label)`, for the section's action; nothing while editing) leaves with it, so focus moves
 * into the editor (the first match of `focusFirst`, tried in order) and, when it closes, back to that
 * button. A viewer gets no edit button: they may not change the test.
 */
export function useInlineEditor(focusFirst: readonly string[] = ["input"]) {
  const [editing, setEditing] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const sectionRef = useRef<HTMLDivElement>(null);
  const { canEdit } = useWorkspaceAbilities();

  function startEditing() {
    setEditing(true);
    setTimeout(() => {
      const section = sectionRef.current;
      for (const selector of focusFirst) {
        const target = section?.querySelector<HTMLElement>(selector);
        if (target) return target.focus();
      }
    }, 0);
  }

  function stopEditing() {
    setEditing(false);
    setTimeout(() => buttonRef.current?.focus(), 0);
  }

  const editButton = (label: string) =>
    !editing &&
    canEdit && (
      <Button ref={buttonRef} variant="outline" size="sm" onClick={startEditing}>
        <PencilIcon aria-hidden />
        {label}
      </Button>
    );

  return { editing, editButton, sectionRef, stopEditing };
}
