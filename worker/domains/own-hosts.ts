import { isAppHost } from "../lib/hosts";

/** The app's own hosts (and localhost, IPs, preview hosts) cannot be anyone's custom domain. */
export function isOwnHost(domain: string, env: Pick<Env, "APP_HOST" | "FALLBACK_ORIGIN">): boolean {
  return (
    isAppHost(domain, env.APP_HOST) ||
    domain.endsWith(`.${env.APP_HOST}`) ||
    domain === env.FALLBACK_ORIGIN ||
    domain.endsWith(`.${env.FALLBACK_ORIGIN}`)
  );
}
