import type { TestWithStats } from "@contract/api";
import { EyeIcon } from "lucide-react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { DeleteTestButton } from "@/features/dashboard/components/DeleteTestButton";
import { cn } from "@/lib/utils";

interface TestActionsProps {
  test: TestWithStats;
  /** Absent where the user may not delete (a viewer): no Delete button. */
  onDelete?: (test: TestWithStats) => void;
  className?: string;
  /** Delete as an icon only (the table); its name stays for assistive technology. */
  compact?: boolean;
}

/** View, the way on; Delete beside it, quieter, since it is seldom what one wants. */
export function TestActions({ test, onDelete, className, compact = false }: TestActionsProps) {
  return (
    <div className={cn("flex items-center gap-2", className)}>
      <Button asChild variant="outline" size="sm">
        <Link to={`/test/${encodeURIComponent(test.slug)}`}>
          <EyeIcon aria-hidden />
          View<span className="sr-only"> {test.name}</span>
        </Link>
      </Button>
      {onDelete && <DeleteTestButton test={test} onConfirm={onDelete} iconOnly={compact} />}
    </div>
  );
}
