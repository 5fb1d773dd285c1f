export const ANALYTICS_MESSAGES = {
  /**
   * The one wording of "keep collecting", said while the test's one verdict (worker/statistics/verdict.ts)
   * names no winner and more visitors may settle it: contract/reading.ts `recommendationOf` for the
   * test page, the share page and Slack. `visitors` and `time` come formatted.
   */
  keepCollecting: {
    undecided: "Keep collecting: no version is ahead yet, and more visitors may still settle it.",
    tooLittleData: "Keep collecting: too little data yet to estimate how long it will take.",
    until: (date: string) => `Keep collecting until ${date}: full weeks, so every weekday counts.`,
    visitorsNeeded: (visitors: string, time: string) =>
      `Keep collecting: about ${visitors} more visitors per version are needed${time}.`,
  },
  /** A primary winner held by a guardrail (issue #48); `figures` come formatted, with their brackets. */
  guardrailHold: (version: string, guardrail: string, figures: string) =>
    `Don't deploy version ${version}: it wins on the primary metric but is proven worse on ${guardrail}${figures}.`,
  srmWarning:
    "Sample ratio mismatch: the visitor split is far from the test's weights, which points to broken tracking or bot traffic. Treat these results with care.",
  pausedNotice: "Paused: the link sends everyone to version A and no clicks are counted.",
  completedNotice: (winner: string) =>
    `Completed: everyone goes to version ${winner}. The results are frozen.`,
  noData: "No visits yet. Share your split link to start collecting data.",
  loadFailed: "Failed to load analytics",
} as const;

/** The weekly digest email of a workspace (issue #34). Its switch in Settings: contract/sharing.ts. */
export const DIGEST_MESSAGES = {
  invalid: "Choose on or off for the weekly digest",
  subject: (workspace: string) => `Your week in SplitLink: ${workspace}`,
  intro: (workspace: string) => `What happened this week in the workspace ${workspace}.`,
  running: "Running",
  verdicts: "Verdicts reached this week",
  ending: "Ending within the week",
  runningLine: (name: string, days: number, leader: string | null) =>
    `${name}: ${days === 1 ? "1 day" : `${days} days`} running, ${leader ? `version ${leader} leads` : "no version leads yet"}.`,
  verdictLine: (name: string, winner: string | null) =>
    `${name}: ${winner ? `version ${winner} wins` : "a verdict was reached"}.`,
  endingLine: (name: string, when: string) => `${name}: ends ${when}.`,
  action: "Open SplitLink",
  outro:
    "You get this email because you turned on the weekly digest for this workspace. Turn it off in Settings.",
} as const;
