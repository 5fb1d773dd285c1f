import type { ReactNode } from "react";
import { AuthProvider } from "@/lib/auth/AuthProvider";
import { useLoadedToaster } from "@/lib/toast";

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      {children}
      <ToasterOnceLoaded />
    </AuthProvider>
  );
}

/** The Toaster mounts with the first toast, which loads it. */
function ToasterOnceLoaded() {
  const Toaster = useLoadedToaster();
  return Toaster ? <Toaster /> : null;
}
