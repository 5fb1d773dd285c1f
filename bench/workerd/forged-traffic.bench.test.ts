import { inject, it } from "vitest";
import { CONVERSIONS_PER_ADDRESS_DAY, SESSIONS_PER_ADDRESS_HOUR } from "../../contract/trust";
import { banditWeights } from "../../worker/statistics/bandit";
import type { ArmCounts } from "../../worker/statistics/counts";
import { sequentialVerdict } from "../../worker/statistics/sequential";
import { printTable, type Row } from "../table";
import { binomial, mulberry32, percentWithInterval } from "./sequential-simulation";

// Issue #30, point 8: can a stranger decide someone else's test while staying within every limit?
// One day of an A/A test (both arms convert 5 %) with 2,000 real visitors per arm, arriving evenly.
// An attacker with K addresses wants B promoted by "stop early" + "promote", or an optimised twin of
// the test pushed past 80/20 to B. Within the limits (contract/trust.ts) each address can have at most
// SESSIONS_PER_ADDRESS_HOUR sessions counted an hour and CONVERSIONS_PER_ADDRESS_DAY beacon
// conversions counted a day. The attacker cannot choose an arm (the test's secret decides it), so
// each address opens sessions until it has that many on B (the ones on A stay, unconverted: they
// dilute A's rate, which helps the attacker) and converts only those. Three timings: every forged
// conversion in the first hour, all at hour 8 (when the verdict's minimum counts are near), or spread
// over the day. The autopilot looks every 10 minutes (worker/crons.ts), and here the bandit moves at
// every look too (the product waits at least 15 minutes: more steps are the attacker's better case).
// Counts go through the product's own functions; K = 0 is the A/A test's own false-winner rate.

const RUNS = Math.max(100, Math.round(1000 * inject("benchScale")));
const REAL_PER_ARM = 2000;
const RATE = 0.05;
const LOOKS_PER_HOUR = 6;
const HOURS = 24;
const ATTACKERS = [0, 1, 10, 100];
const TIMINGS = {
  "first hour": (_hour: number) => _hour === 0,
  "hour 8": (hour: number) => hour === 8,
  "spread over the day": (_hour: number) => true,
} as const;
type Timing = keyof typeof TIMINGS;

/** Sessions an address opens to get `wanted` of them on B, when each lands on B with chance `toB`. */
function sessionsForB(wanted: number, toB: number, random: () => number): { a: number; b: number } {
  let a = 0;
  let b = 0;
  while (b < wanted && a + b < SESSIONS_PER_ADDRESS_HOUR) {
    if (random() < toB) b += 1;
    else a += 1;
  }
  return { a, b };
}

interface Day {
  promotedB: boolean;
  pushedPast80: boolean;
}

function attackedDay(addresses: number, timing: Timing, optimise: boolean, random: () => number): Day {
  const arms: ArmCounts[] = [
    { visitors: 0, conversions: 0 },
    { visitors: 0, conversions: 0 },
  ];
  const looks = HOURS * LOOKS_PER_HOUR;
  const realPerLook = (2 * REAL_PER_ARM) / looks;
  const attacksAt = Array.from({ length: HOURS }, (_, hour) => TIMINGS[timing](hour));
  const attackHours = attacksAt.filter(Boolean).length;
  let conversionsLeft = addresses * CONVERSIONS_PER_ADDRESS_DAY;
  let weights = [50, 50];
  let promotedB = false;
  let pushedPast80 = false;
  for (let look = 0; look < looks; look++) {
    const hour = Math.floor(look / LOOKS_PER_HOUR);
    const toB = (weights[1] ?? 50) / 100;
    const real = binomial(Math.round(realPerLook), toB, random);
    const realA = Math.round(realPerLook) - real;
    arms[0] = add(arms[0], realA, binomial(realA, RATE, random));
    arms[1] = add(arms[1], real, binomial(real, RATE, random));
    // The attacker acts at the first look of each of its hours, its conversions shared out over them.
    if (addresses > 0 && attacksAt[hour] && look % LOOKS_PER_HOUR === 0 && conversionsLeft > 0) {
      const thisHour = Math.min(
        conversionsLeft,
        Math.ceil((addresses * CONVERSIONS_PER_ADDRESS_DAY) / attackHours),
      );
      const perAddress = Math.ceil(thisHour / addresses);
      let converted = 0;
      for (let address = 0; address < addresses && converted < thisHour; address++) {
        const { a, b } = sessionsForB(Math.min(perAddress, thisHour - converted), toB, random);
        arms[0] = add(arms[0], a, 0);
        arms[1] = add(arms[1], b, b);
        converted += b;
      }
      conversionsLeft -= converted;
    }
    if (!optimise && sequentialVerdict(arms).winner === 1) promotedB = true;
    if (optimise) {
      weights = banditWeights(arms);
      if ((weights[1] ?? 0) > 80) pushedPast80 = true;
    }
  }
  return { promotedB, pushedPast80 };
}

function add(arm: ArmCounts | undefined, visitors: number, conversions: number): ArmCounts {
  return { visitors: (arm?.visitors ?? 0) + visitors, conversions: (arm?.conversions ?? 0) + conversions };
}

it("simulates an attacker within every limit against an A/A test and its optimised twin", () => {
  const started = performance.now();
  const rows: Row[] = [];
  for (const addresses of ATTACKERS) {
    for (const timing of Object.keys(TIMINGS) as Timing[]) {
      if (addresses === 0 && timing !== "first hour") continue;
      const random = mulberry32(3000 + addresses);
      let promoted = 0;
      let pushed = 0;
      for (let run = 0; run < RUNS; run++) {
        if (attackedDay(addresses, timing, false, random).promotedB) promoted += 1;
        if (attackedDay(addresses, timing, true, random).pushedPast80) pushed += 1;
      }
      rows.push({
        "addresses (K)": String(addresses),
        "forged conversions": String(addresses * CONVERSIONS_PER_ADDRESS_DAY),
        timing: addresses === 0 ? "no attacker" : timing,
        "B promoted (stop early)": percentWithInterval(promoted, RUNS),
        "optimised twin past 80/20 to B": percentWithInterval(pushed, RUNS),
      });
    }
  }
  printTable(
    `Forged traffic: ${RUNS} one-day A/A tests per row, ${REAL_PER_ARM} real visitors per arm at ${RATE * 100} %, limits ${SESSIONS_PER_ADDRESS_HOUR} sessions/address/hour and ${CONVERSIONS_PER_ADDRESS_DAY} conversions/address/day (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    rows,
    "forged traffic: the share of days on which the attacker got B promoted, or the optimised twin past 80/20 to B, with its 95 % Wilson interval; K = 0 is the test's own false-winner rate",
  );
});
