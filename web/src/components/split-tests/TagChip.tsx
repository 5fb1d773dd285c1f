import type { TagColour } from "@contract/tags";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** Each colour's chip: the dark shade of the hue on its lightest, at least 4.5:1 (WCAG AA) for small text. */
export const TAG_CHIP_CLASSES: Record<TagColour, string> = {
  gray: "bg-slate-100 text-slate-800",
  red: "bg-red-100 text-red-800",
  orange: "bg-orange-100 text-orange-800",
  yellow: "bg-yellow-100 text-yellow-800",
  green: "bg-green-100 text-green-800",
  teal: "bg-teal-100 text-teal-800",
  blue: "bg-blue-100 text-blue-800",
  indigo: "bg-indigo-100 text-indigo-800",
  purple: "bg-purple-100 text-purple-800",
  pink: "bg-pink-100 text-pink-800",
};

/** One tag as a small coloured chip; `children` after its name (a remove button). */
export function TagChip({
  tag,
  colour,
  className,
  children,
}: {
  tag: string;
  colour: TagColour;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <span
      data-testid="tag-chip"
      data-colour={colour}
      className={cn(
        "inline-flex max-w-full items-center gap-1 rounded-full px-2 py-0.5 font-medium text-xs",
        TAG_CHIP_CLASSES[colour],
        className,
      )}
    >
      <span className="truncate">{tag}</span>
      {children}
    </span>
  );
}

/** A test's tags as chips, in the workspace's colours; nothing without tags. */
export function TagChips({
  tags,
  colourOf,
  className,
}: {
  tags: readonly string[];
  colourOf: (tag: string) => TagColour;
  className?: string;
}) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className={cn("flex min-w-0 flex-wrap gap-1", className)}>
      {tags.map((tag) => (
        <li key={tag} className="min-w-0">
          <TagChip tag={tag} colour={colourOf(tag)} />
        </li>
      ))}
    </ul>
  );
}
