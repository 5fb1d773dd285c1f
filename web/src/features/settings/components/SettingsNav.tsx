import { ChevronDownIcon } from "lucide-react";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { NavLink } from "react-router-dom";
import { SETTINGS_SECTIONS } from "@/features/settings/settings-sections";
import { cn } from "@/lib/utils";

/**
 * Settings' side navigation: a list of the sections, the current one marked (aria-current). On a
 * narrow screen the list folds behind a button that names the current section (a disclosure).
 */
export function SettingsNav({ currentTitle }: { currentTitle: string }) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  function closeOnEscape(event: KeyboardEvent) {
    if (event.key !== "Escape" || !open) return;
    setOpen(false);
    toggle.current?.focus();
  }

  return (
    <nav aria-label="Settings" onKeyDown={closeOnEscape} className="md:sticky md:top-20 md:self-start">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
        className="flex w-full items-center justify-between gap-2 rounded-md border bg-card px-3 py-2 text-left font-medium text-sm shadow-xs focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 md:hidden"
      >
        <span>
          <span className="sr-only">Settings section: </span>
          {currentTitle}
        </span>
        <ChevronDownIcon aria-hidden className={cn("size-4 transition-transform", open && "rotate-180")} />
      </button>
      <ul
        id={listId}
        className={cn(
          "mt-2 gap-1 rounded-md border bg-card p-1 md:mt-0 md:grid md:border-0 md:bg-transparent md:p-0",
          open ? "grid" : "hidden",
        )}
      >
        {SETTINGS_SECTIONS.map((section) => (
          <li key={section.path}>
            <NavLink
              to={`/settings/${section.path}`}
              onClick={() => setOpen(false)}
              className={({ isActive }) =>
                cn(
                  "block rounded-md px-3 py-2 text-sm hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  isActive ? "bg-accent font-medium text-accent-foreground" : "text-muted-foreground",
                )
              }
            >
              {section.title}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
