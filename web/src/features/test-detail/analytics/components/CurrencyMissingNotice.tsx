import type { TestWithStats } from "@contract/api";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { useUpdateTest } from "@/features/test-detail/use-update-test";
import { useWorkspace } from "@/lib/workspaces/use-workspace";

/**
 * Where a test's revenue would be: a test without a currency sets aside the value of every sale. One
 * click gives it the workspace's currency (or Settings, to choose one, when the workspace has none).
 */
export function CurrencyMissingNotice({ test }: { test: TestWithStats }) {
  const { workspace, canEdit } = useWorkspace();
  const update = useUpdateTest(test);
  if (test.currency) return null;
  const fix = workspace.currency;
  return (
    <div role="note" className="grid gap-2 rounded-lg border border-warning/40 bg-warning-muted p-3 text-sm">
      <p>
        <span className="font-medium">Sales are being set aside:</span> this test has no currency, so every
        order counts as a conversion without its value.
      </p>
      {canEdit &&
        (fix ? (
          <div>
            <Button size="sm" disabled={update.isPending} onClick={() => update.mutate({ currency: fix })}>
              Count sales in {fix}
            </Button>
          </div>
        ) : (
          <p>
            <Link to="/settings/workspace#currency" className="underline underline-offset-2">
              Choose your currency in Settings
            </Link>
            , then set it on this test.
          </p>
        ))}
    </div>
  );
}
