/** The KV keys of the redirect's entries (`entries.ts` holds their shapes and D1 loaders). */
export const slugKey = (slug: string) => `link:${slug}`;
export const domainSlugKey = (domainId: string, path: string) => `link:${domainId}:${path}`;
export const hostKey = (hostname: string) => `host:${hostname}`;
