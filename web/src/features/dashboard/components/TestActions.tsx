import type { TestWithStats } from "@contract/api";
import { EyeIcon } from "lucide-react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { DeleteTestButton } from "@/features/dashboard/components/DeleteTestButton";
import { cn } from "@/lib/utils";

interface TestActionsProps {
  test: TestWithStats;
  onDelete: (test: TestWithStats) => void;
  className?: string;
}

export function TestActions({ test, onDelete, className }: TestActionsProps) {
  return (
    <div className={cn("flex items-center gap-2", className)}>
      <Button asChild variant="outline" size="sm">
        <Link to={`/test/${encodeURIComponent(test.slug)}`}>
          <EyeIcon aria-hidden />
          View<span className="sr-only"> {test.name}</span>
        </Link>
      </Button>
      <DeleteTestButton test={test} onConfirm={onDelete} />
    </div>
  );
}
