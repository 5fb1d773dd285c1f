// A text only the app shows, beside its screens (contract/messages holds what the API says too).

/** A webhook endpoint, Slack or a Stripe secret that stopped with its member (issue #45; web only). */
export const TURNED_OFF_MESSAGES = {
  webhook:
    "Turned off: the member who added this endpoint was removed or can no longer add endpoints. Nothing is sent to it.",
  slack:
    "Turned off: the member who connected Slack was removed or can no longer connect it. No alert is sent.",
  turnOn: "Turn back on",
  turnedOn: "Turned back on",
  failed: "That did not work. Please try again.",
  ownerOnly: "An owner can turn it back on.",
} as const;
