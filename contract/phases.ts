// What the variants editor says a save will do (docs/split-tests.md, "Phases"). Only the app shows
// these: they stay out of the Worker's bundle.

export const PHASE_MESSAGES = {
  /** New URLs or weights of a test whose current phase has counted a click. */
  newPhase: (phase: number) =>
    `Saving starts phase ${phase + 1}: the results so far are kept as phase ${phase}, and the verdict starts over from the new phase.`,
  /** Names only. */
  namesOnly: "Saving changes the names only: the results and the verdict stay as they are.",
} as const;
