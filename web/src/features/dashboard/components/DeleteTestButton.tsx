import type { TestWithStats } from "@contract/api";
import { Trash2Icon } from "lucide-react";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { Button } from "@/components/ui/button";

interface DeleteTestButtonProps {
  test: TestWithStats;
  onConfirm: (test: TestWithStats) => void;
}

/** Delete, after the specification's confirmation. */
export function DeleteTestButton({ test, onConfirm }: DeleteTestButtonProps) {
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="outline"
          size="sm"
          className="text-destructive hover:bg-destructive-muted hover:text-destructive"
        >
          <Trash2Icon aria-hidden />
          Delete<span className="sr-only"> {test.name}</span>
        </Button>
      }
      title="Are you absolutely sure?"
      description={`This will permanently delete the test "${test.name}" and all its data (clicks and conversions). This action cannot be undone.`}
      confirmLabel="Delete"
      onConfirm={() => onConfirm(test)}
    />
  );
}
