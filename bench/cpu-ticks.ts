// The CPU time of a local server's processes, read from /proc (Linux only): what bench/cpu-split.ts and
// bench/redirect-ab.ts count per request. CPU time, unlike throughput, does not shrink when other work
// takes the cores, so it compares code on a busy machine.
import { readdirSync, readFileSync } from "node:fs";

/** /proc counts CPU time in ticks of 10 ms (USER_HZ = 100). */
export const TICKS_PER_MS = 0.1;

interface Proc {
  pid: number;
  ppid: number;
  name: string;
  ticks: number;
  cmdline: string;
}

function processes(): Proc[] {
  const all: Proc[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const fields = stat.slice(close + 2).split(" ");
      all.push({
        pid: Number(entry),
        ppid: Number(fields[1]),
        name: stat.slice(stat.indexOf("(") + 1, close),
        ticks: Number(fields[11]) + Number(fields[12]),
        cmdline: readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " "),
      });
    } catch {
      // gone meanwhile
    }
  }
  return all;
}

/** The processes of the wrangler dev tree serving `port` (wrangler, its Node helpers, workerd). */
export function serverTree(port: string): Proc[] {
  const all = processes();
  const root = all.find((p) => p.cmdline.includes(" dev ") && p.cmdline.includes(`--port ${port} `));
  if (!root) return [];
  const tree = new Set([root.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all)
      if (tree.has(p.ppid) && !tree.has(p.pid)) {
        tree.add(p.pid);
        grew = true;
      }
  }
  return all.filter((p) => tree.has(p.pid));
}

/** The CPU ticks of the wrangler dev tree serving `port`, per process name (node, workerd, …). */
export function treeTicks(port: string): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const p of serverTree(port)) ticks.set(p.name, (ticks.get(p.name) ?? 0) + p.ticks);
  return ticks;
}
