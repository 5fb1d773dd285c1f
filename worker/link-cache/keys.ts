// The KV keys of the redirect's entries (`entries.ts` holds their shapes and D1 loaders).
// Each part is percent-encoded, so none holds a ":": a key's kind and parts are fixed by its prefix and
// its number of ":", and no input makes another kind's key. (Slugs, domain ids and hostnames need no
// encoding, so their keys read as before.)
const part = encodeURIComponent;
export const slugKey = (slug: string) => `link:${part(slug)}`;
export const domainSlugKey = (domainId: string, path: string) => `link:${part(domainId)}:${part(path)}`;
export const hostKey = (hostname: string) => `host:${part(hostname)}`;
export const trafficRulesKey = (workspaceId: string) => `traffic:${part(workspaceId)}`;
export const testWorkspaceKey = (testId: string) => `test:${part(testId)}`;
