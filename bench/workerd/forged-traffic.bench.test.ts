import { inject, it } from "vitest";
import {
  CONVERSIONS_PER_ADDRESS_DAY,
  DECISION_ADDRESSES,
  SESSIONS_PER_ADDRESS_HOUR,
} from "../../contract/trust";
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
// What acts decides as the product does (worker/statistics/verdict.ts, verdictOf, and the bandit's
// step): a winner must still win without what the 2 × DECISION_ADDRESSES addresses that gave it the most
// conversions brought it (conversions and visitors), and the bandit counts every arm without what the
// test's DECISION_ADDRESSES most converting addresses brought it, their sessions on other arms included. Every real buyer converts from an address of their own (so among
// equals the real ones held back are spread over the arms like the real conversions). The verdict and the weights are the product's own
// functions; K = 0 is the A/A test's own rate, which no attacker should raise.

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
  /** B's weight past 80 % at the end of the day (Thompson sampling swings on its own: compare with K = 0). */
  endedPast80: boolean;
}

/** An arm's counts with where its conversions came from: real buyers one each, the attacker's addresses. */
interface Arm {
  visitors: number;
  conversions: number;
  /** Per attacker address: its conversions on this arm, and its sessions (visitors) here. */
  forgedByAddress: number[];
  sessionsByAddress: number[];
}

/**
 * Every arm without what the DECISION_ADDRESSES addresses that converted most for arm `of` (or in the
 * whole test, null) brought it: their conversions and their sessions, on every arm. Real buyers convert
 * once each from an address of their own, so among equals the real ones held back are those of arm
 * `of`, or for the whole test spread over the arms like their conversions.
 */
function withoutTop(arms: Arm[], of: number | null, limit = DECISION_ADDRESSES): ArmCounts[] {
  const addresses = arms[0]?.forgedByAddress.length ?? 0;
  const weight = (address: number) =>
    of === null
      ? arms.reduce((sum, arm) => sum + (arm.forgedByAddress[address] ?? 0), 0)
      : (arms[of]?.forgedByAddress[address] ?? 0);
  const top = Array.from({ length: addresses }, (_, address) => ({ address, n: weight(address) }))
    .filter((t) => t.n > (of === null ? 1 : 0))
    .sort((x, y) => y.n - x.n)
    .slice(0, limit)
    .map((t) => t.address);
  const reals = arms.map((arm) => arm.conversions - arm.forgedByAddress.reduce((sum, n) => sum + n, 0));
  const realTotal = reals.reduce((sum, n) => sum + n, 0);
  const realSlots = limit - top.length;
  return arms.map((arm, i) => {
    const forged = top.reduce((sum, address) => sum + (arm.forgedByAddress[address] ?? 0), 0);
    const sessions = top.reduce((sum, address) => sum + (arm.sessionsByAddress[address] ?? 0), 0);
    const spread = realTotal > 0 ? ((reals[i] ?? 0) / realTotal) * realSlots : 0;
    const realHeld = of === null ? spread : i === of ? Math.min(reals[i] ?? 0, realSlots) : 0;
    return {
      visitors: Math.max(0, Math.round(arm.visitors - sessions - realHeld)),
      conversions: Math.max(0, Math.round(arm.conversions - forged - realHeld)),
    };
  });
}

/** The product's verdict that acts: a winner that still wins without its top addresses. */
function decidedWinner(arms: Arm[]): number | null {
  const { winner } = sequentialVerdict(arms);
  if (winner === null) return null;
  return sequentialVerdict(withoutTop(arms, winner, 2 * DECISION_ADDRESSES)).winner === winner
    ? winner
    : null;
}

function attackedDay(addresses: number, timing: Timing, optimise: boolean, random: () => number): Day {
  const arm = (): Arm => ({
    visitors: 0,
    conversions: 0,
    forgedByAddress: Array<number>(addresses).fill(0),
    sessionsByAddress: Array<number>(addresses).fill(0),
  });
  const arms: Arm[] = [arm(), arm()];
  const [a, b] = arms as [Arm, Arm];
  const looks = HOURS * LOOKS_PER_HOUR;
  const realPerLook = Math.round((2 * REAL_PER_ARM) / looks);
  const attacksAt = Array.from({ length: HOURS }, (_, hour) => TIMINGS[timing](hour));
  const attackHours = attacksAt.filter(Boolean).length;
  const budget = addresses * CONVERSIONS_PER_ADDRESS_DAY;
  let weights = [50, 50];
  let promotedB = false;
  for (let look = 0; look < looks; look++) {
    const hour = Math.floor(look / LOOKS_PER_HOUR);
    const toB = (weights[1] ?? 50) / 100;
    const realB = binomial(realPerLook, toB, random);
    const realA = realPerLook - realB;
    a.visitors += realA;
    a.conversions += binomial(realA, RATE, random);
    b.visitors += realB;
    b.conversions += binomial(realB, RATE, random);
    // The attacker acts at the first look of each of its hours, its conversions shared out over them.
    const forgedSoFar = b.forgedByAddress.reduce((sum, n) => sum + n, 0);
    if (addresses > 0 && attacksAt[hour] && look % LOOKS_PER_HOUR === 0 && forgedSoFar < budget) {
      const thisHour = Math.min(budget - forgedSoFar, Math.ceil(budget / attackHours));
      let converted = 0;
      for (let address = 0; address < addresses && converted < thisHour; address++) {
        const left = CONVERSIONS_PER_ADDRESS_DAY - (b.forgedByAddress[address] ?? 0);
        const sessions = sessionsForB(Math.min(left, thisHour - converted), toB, random);
        a.visitors += sessions.a;
        a.sessionsByAddress[address] = (a.sessionsByAddress[address] ?? 0) + sessions.a;
        b.visitors += sessions.b;
        b.sessionsByAddress[address] = (b.sessionsByAddress[address] ?? 0) + sessions.b;
        b.conversions += sessions.b;
        b.forgedByAddress[address] = (b.forgedByAddress[address] ?? 0) + sessions.b;
        converted += sessions.b;
      }
    }
    if (optimise) weights = banditWeights(withoutTop(arms, null));
    else if (decidedWinner(arms) === 1) promotedB = true;
  }
  return { promotedB, endedPast80: (weights[1] ?? 0) > 80 };
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
        if (attackedDay(addresses, timing, true, random).endedPast80) pushed += 1;
      }
      rows.push({
        "addresses (K)": String(addresses),
        "forged conversions": String(addresses * CONVERSIONS_PER_ADDRESS_DAY),
        timing: addresses === 0 ? "no attacker" : timing,
        "B promoted (stop early)": percentWithInterval(promoted, RUNS),
        "optimised twin ends the day past 80/20 to B": percentWithInterval(pushed, RUNS),
      });
    }
  }
  printTable(
    `Forged traffic: ${RUNS} one-day A/A tests per row, ${REAL_PER_ARM} real visitors per arm at ${RATE * 100} %, limits ${SESSIONS_PER_ADDRESS_HOUR} sessions/address/hour and ${CONVERSIONS_PER_ADDRESS_DAY} conversions/address/day (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    rows,
    "forged traffic: the share of days on which the attacker got B promoted, or the optimised twin to end the day past 80/20 to B, with its 95 % Wilson interval; K = 0 is what the test does with no attacker",
  );
});
