// Visitor session ids are the redirect's (worker/redirect/session.ts): UUIDv7s (timeOrderedUuid), and
// version 4 before them. A value of any other form never had a click, so no conversion of it can ever
// count. Exactly that form (lower case, the dashes in their places), as worker/db/session-bytes.ts reads
// it: a click keeps the UUID's bytes.
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether `value` has the form of the session ids the redirect gives out. */
export function isSessionId(value: string): boolean {
  return SESSION_ID.test(value);
}
