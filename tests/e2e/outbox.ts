// Reads the local outbox page (/dev/outbox). It imports nothing, so plain Node scripts (the benchmarks) can use it too.

/** The link to `path` in the newest email to `email` on the local outbox page, if one is there. */
export function linkInOutbox(
  outboxHtml: string,
  email: string,
  path: "/verify-email" | "/reset-password" | "/invitations/",
): string | undefined {
  const message = outboxHtml.split("<li").find((item) => item.includes(email) && item.includes(path));
  return message?.match(/href="([^"]+)"/)?.[1]?.replaceAll("&amp;", "&");
}
