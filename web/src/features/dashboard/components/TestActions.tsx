import type { TestWithStats } from "@contract/api";
import { EyeIcon } from "lucide-react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { DeleteTestButton } from "@/features/dashboard/components/DeleteTestButton";

interface TestActionsProps {
  test: TestWithStats;
  onDelete: (test: TestWithStats) => void;
}

export function TestActions({ test, onDelete }: TestActionsProps) {
  return (
    <div className="flex items-center gap-2">
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
