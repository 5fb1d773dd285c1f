import { readFileSync } from "node:fs";

// On a virtual machine the host can take CPU time from the guest ("steal"): it slows whichever
// side of a comparison is running, so the benches report it next to their ratios.

interface CpuTimes {
  steal: number;
  total: number;
}

function cpuTimes(): CpuTimes | undefined {
  try {
    const fields = readFileSync("/proc/stat", "utf8")
      .split("\n")[0]
      ?.trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    if (!fields || fields.length < 8) return undefined;
    return { steal: fields[7] ?? 0, total: fields.reduce((sum, value) => sum + value, 0) };
  } catch {
    return undefined; // not Linux
  }
}

/** Starts counting; the returned function gives the share of CPU time the host took since, as text. */
export function watchCpuSteal(): () => string {
  const start = cpuTimes();
  return () => {
    const end = cpuTimes();
    if (!start || !end || end.total === start.total) return "CPU steal unknown (no /proc/stat)";
    const share = (100 * (end.steal - start.steal)) / (end.total - start.total);
    return `CPU stolen by the host during the run: ${share.toFixed(1)} %`;
  };
}
