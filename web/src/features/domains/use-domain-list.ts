import type { CustomDomain } from "@contract/api";
import { DOMAIN_MESSAGES } from "@contract/messages";
import { useCallback, useEffect, useRef, useState } from "react";
import { getDomainList } from "@/lib/domains/api/list-domains";
import { isAbortError } from "@/lib/is-abort-error";
import { toast } from "@/lib/toast";

/** loading: the first load; failed: the first load failed, nothing to show yet. */
export type DomainListStatus = "loading" | "ready" | "failed";

interface DomainListState {
  status: DomainListStatus;
  domains: CustomDomain[];
  /** The host custom domains CNAME to; null until the list arrives. */
  fallbackHost: string | null;
}

const INITIAL_STATE: DomainListState = { status: "loading", domains: [], fallbackHost: null };

/**
 * The user's domains. `reload` refreshes them in place (the list stays on screen meanwhile); a newer load
 * cancels an older one, so a slow answer can never overwrite a fresher one.
 */
export function useDomainList() {
  const [state, setState] = useState<DomainListState>(INITIAL_STATE);
  const inFlight = useRef<AbortController | null>(null);

  const reload = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      const list = await getDomainList(controller.signal);
      setState((current) => ({
        status: "ready",
        domains: list.domains,
        // An empty value (an unconfigured Worker) keeps the help panel on its generic wording.
        fallbackHost: list.fallbackOrigin || current.fallbackHost,
      }));
    } catch (error) {
      if (isAbortError(error)) return;
      console.warn("Could not load the custom domains", error);
      toast.error(DOMAIN_MESSAGES.loadFailed);
      setState((current) => (current.status === "loading" ? { ...current, status: "failed" } : current));
    }
  }, []);

  const retry = useCallback(() => {
    setState((current) => ({ ...current, status: "loading" }));
    void reload();
  }, [reload]);

  useEffect(() => {
    void reload();
    return () => inFlight.current?.abort();
  }, [reload]);

  /** Shows a new domain as the API just returned it, ahead of the reload that confirms it. */
  const showAdded = useCallback((domain: CustomDomain) => {
    setState((current) => ({
      ...current,
      status: "ready",
      domains: [domain, ...current.domains.filter(({ id }) => id !== domain.id)],
    }));
  }, []);

  /** Shows a listed domain as the API just returned it, ahead of the reload that confirms it. */
  const showUpdated = useCallback((domain: CustomDomain) => {
    setState((current) => ({
      ...current,
      domains: current.domains.map((listed) => (listed.id === domain.id ? domain : listed)),
    }));
  }, []);

  const dropDomain = useCallback((domain: CustomDomain) => {
    setState((current) => ({ ...current, domains: current.domains.filter(({ id }) => id !== domain.id) }));
  }, []);

  return { ...state, reload, retry, showAdded, showUpdated, dropDomain };
}
