import type { ArmStats } from "@contract/api";

/** Every variant's clicks, A first: "120 / 118", or "120 / 118 / 121" with three variants. */
export function ArmClicks({ arms }: { arms: readonly ArmStats[] }) {
  return <span className="tabular-nums">{arms.map((arm) => arm.clicks).join(" / ")}</span>;
}
