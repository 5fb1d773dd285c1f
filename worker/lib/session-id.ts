// Visitor session ids are the redirect's crypto.randomUUID()s (worker/redirect/session.ts): a value of
// any other form never had a click, so no conversion of it can ever count.
const SESSION_ID = /^[0-9a-f-]{36}$/;

/** Whether `value` has the form of the session ids the redirect gives out. */
export function isSessionId(value: string): boolean {
  return SESSION_ID.test(value);
}
