import { Badge } from "@/components/ui/badge";
import { isDecided, type WinnerOf, winnerBadge } from "@/lib/split-tests/winner-badge";

export { isDecided };

/** The specification's winner rule as a badge (see `winnerBadge`): filled only for a decided test. */
export function WinnerBadge({ test }: { test: WinnerOf }) {
  const { text, style } = winnerBadge(test);
  if (style !== "default" && !text.startsWith("Version")) return <Badge variant={style}>{text}</Badge>;
  return (
    <Badge variant={style} data-decided={style === "default"}>
      {text}
    </Badge>
  );
}
