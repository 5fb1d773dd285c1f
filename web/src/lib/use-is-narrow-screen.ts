import { useSyncExternalStore } from "react";

/** The specification's narrow-screen breakpoint: under 768 px wide. */
const NARROW_SCREEN_QUERY = "(max-width: 767.98px)";

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW_SCREEN_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

function isNarrowScreen(): boolean {
  return window.matchMedia(NARROW_SCREEN_QUERY).matches;
}

/** True under 768 px; re-renders when the window crosses the breakpoint. */
export function useIsNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrowScreen);
}
