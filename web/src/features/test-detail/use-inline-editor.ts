import { useRef, useState } from "react";

/**
 * A section of the test page that swaps what it shows for an editor. The button that opens the editor
 * leaves with it, so focus moves into the editor (the first match of `focusFirst`, tried in order) and,
 * when it closes, back to that button.
 */
export function useInlineEditor(focusFirst: readonly string[] = ["input"]) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const sectionRef = useRef<HTMLDivElement>(null);

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
    setTimeout(() => editButton.current?.focus(), 0);
  }

  return { editing, editButton, sectionRef, startEditing, stopEditing };
}
