import { it } from "vitest";
import { chanceToBeBest, probabilityBBeatsA } from "../../worker/statistics/chance-to-be-best";
import { fixed, median, printTable } from "../table";

// What the dashboard pays per test for its verdict figures, inside workerd: the exact two-arm chance
// at a few million visitors, and the chance to be best of 8 arms by integration at 5 million each.
const ROUNDS = 50;
const arm = (visitors: number, conversions: number) => ({ visitors, conversions });

function msPerCall(run: (round: number) => unknown): number {
  run(0); // warm
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    run(round);
    times.push(performance.now() - started);
  }
  return median(times);
}

it("times the statistics of one test", () => {
  const twoArms = msPerCall((i) =>
    probabilityBBeatsA(arm(3_000_000, 1_500_000 + i), arm(3_000_000, 1_501_000)),
  );
  const eightArms = msPerCall((i) =>
    chanceToBeBest(Array.from({ length: 8 }, (_, a) => arm(5_000_000, 250_000 + 300 * a + i))),
  );
  const threeArms = msPerCall((i) =>
    chanceToBeBest([arm(100_000, 5_000 + i), arm(100_000, 5_100), arm(100_000, 5_050)]),
  );
  printTable(
    `Statistics per test, median of ${ROUNDS} calls`,
    [
      { figure: "chance B beats A, exact, 2 x 3 M visitors", "ms / call": fixed(twoArms, 3) },
      { figure: "chance to be best, 3 arms x 100 k visitors", "ms / call": fixed(threeArms, 3) },
      { figure: "chance to be best, 8 arms x 5 M visitors", "ms / call": fixed(eightArms, 3) },
    ],
    `statistics: 8 arms x 5 M visitors ${fixed(eightArms, 2)} ms per test (target <= 5): ${eightArms <= 5 ? "MET" : "MISSED"}`,
  );
});
