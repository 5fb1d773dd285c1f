import { useEffect, useLayoutEffect, useRef } from "react";
import { type Location, useLocation } from "react-router-dom";
import { parseScrollPositions } from "@/app/scroll-positions";

// What the data router's <ScrollRestoration/> did, for <BrowserRouter> (same sessionStorage key).
const STORAGE_KEY = "react-router-scroll-positions";

function readSavedPositions(): Record<string, number> {
  try {
    return parseScrollPositions(sessionStorage.getItem(STORAGE_KEY));
  } catch {
    // Storage blocked: nothing saved.
    return {};
  }
}

/** Where the visitor was on each history entry, by location key; kept across reloads of the tab. */
const savedPositions = readSavedPositions();

function scrollToAnchorOrTop(hash: string) {
  const anchor = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
  if (anchor) anchor.scrollIntoView();
  else window.scrollTo(0, 0);
}

/**
 * A page opens where the visitor was on that history entry (Back, Forward, a reload), else at its
 * #anchor, else at the top. Render it next to the page, inside its Suspense boundary, so that it
 * scrolls once the page is there.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const shown = useRef<Location | null>(null);

  useEffect(() => {
    window.history.scrollRestoration = "manual";
    const remember = () => {
      if (shown.current) savedPositions[shown.current.key] = window.scrollY;
    };
    const persist = () => {
      remember();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(savedPositions));
      } catch {
        // Storage full or blocked: the positions last as long as the page.
      }
      window.history.scrollRestoration = "auto";
    };
    window.addEventListener("scroll", remember, { passive: true });
    window.addEventListener("pagehide", persist);
    return () => {
      window.removeEventListener("scroll", remember);
      window.removeEventListener("pagehide", persist);
      window.history.scrollRestoration = "auto";
    };
  }, []);

  useLayoutEffect(() => {
    const previous = shown.current;
    shown.current = location;
    // A link to an anchor of the same page: the browser has scrolled to it already.
    const samePage = previous?.pathname === location.pathname && previous.search === location.search;
    if (samePage && location.hash) return;
    const saved = savedPositions[location.key];
    if (saved !== undefined) window.scrollTo(0, saved);
    else scrollToAnchorOrTop(location.hash);
  }, [location]);

  return null;
}
