// The test modes in words, for the create form, the test page and its report (only the app shows them).

/** The two modes, in the words the create form and the test page use. */
export const MODE_MESSAGES = {
  experiment: {
    label: "Experiment",
    description: "A fixed split for the whole test: the cleanest comparison, and the verdict you can act on.",
  },
  optimise: {
    label: "Optimise",
    description:
      "Sends more visitors to the variant that converts better while the test runs, so you lose fewer conversions. What you give up: a less precise comparison that takes longer to settle.",
  },
  managedSplit:
    "Optimise starts with an even split and then moves the traffic itself: each variant gets its chance to be the best, at least 2 %, updated at most every 15 minutes.",
  reweighted:
    "Optimise mode: traffic moves to the variants that convert better. The rates and the verdict are reweighted by period so that the changing split does not tilt the comparison; they are less precise than a fixed split's.",
} as const;
