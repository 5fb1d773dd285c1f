import { type ReactNode, useSyncExternalStore } from "react";
import type { ToastOptions } from "@/components/ui/sonner";

// Sonner and its Toaster load on the first toast, not with the landing page.
type ToasterModule = typeof import("@/components/ui/sonner");
type ToastKind = "success" | "error" | "loading";
export type ToastId = string | number;

let loading: Promise<ToasterModule> | undefined;
let loaded: ToasterModule | undefined;
const loadListeners = new Set<() => void>();
let nextToastId = 1;

function loadToasterModule(): Promise<ToasterModule> {
  loading ??= import("@/components/ui/sonner").then(
    (module) => {
      loaded = module;
      for (const listener of loadListeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = undefined; // the next toast tries again
      throw error;
    },
  );
  return loading;
}

/**
 * Shows a toast once sonner has loaded. The id is chosen here so that the caller can update the toast
 * (a loading toast turned into its outcome) before sonner is there. Sonner's Toaster shows the toasts
 * created before it mounted.
 */
function show(kind: ToastKind, message: ReactNode, options?: ToastOptions): ToastId {
  const id = options?.id ?? `toast-${nextToastId++}`;
  loadToasterModule().then(
    (module) => module.toast[kind](message, { ...options, id }),
    (error: unknown) => console.warn("Could not load the toasts", error),
  );
  return id;
}

export const toast = {
  success: (message: ReactNode, options?: ToastOptions) => show("success", message, options),
  error: (message: ReactNode, options?: ToastOptions) => show("error", message, options),
  loading: (message: ReactNode, options?: ToastOptions) => show("loading", message, options),
};

function subscribeToLoad(listener: () => void): () => void {
  loadListeners.add(listener);
  return () => loadListeners.delete(listener);
}

/** The Toaster component once the first toast has loaded it; undefined until then. */
export function useLoadedToaster(): ToasterModule["Toaster"] | undefined {
  return useSyncExternalStore(subscribeToLoad, () => loaded?.Toaster);
}
