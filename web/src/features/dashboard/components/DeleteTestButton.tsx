import type { TestWithStats } from "@contract/api";
import { Trash2Icon } from "lucide-react";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

interface DeleteTestButtonProps {
  test: TestWithStats;
  onConfirm: (test: TestWithStats) => void;
  /** Only the bin icon shows (its accessible name is still "Delete …"). */
  iconOnly?: boolean;
}

/** Delete, after the specification's confirmation: a quiet ghost button, red only on hover. */
export function DeleteTestButton({ test, onConfirm, iconOnly = false }: DeleteTestButtonProps) {
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size={iconOnly ? "icon" : "sm"}
          className={cn(
            "text-muted-foreground hover:bg-destructive-muted hover:text-destructive",
            iconOnly && "size-8",
          )}
          title={iconOnly ? `Delete ${test.name}` : undefined}
        >
          <Trash2Icon aria-hidden />
          <span className={iconOnly ? "sr-only" : undefined}>Delete</span>
          <span className="sr-only"> {test.name}</span>
        </Button>
      }
      title="Are you absolutely sure?"
      description={`This will permanently delete the test "${test.name}" and all its data (clicks and conversions). This action cannot be undone.`}
      confirmLabel="Delete"
      onConfirm={() => onConfirm(test)}
    />
  );
}
