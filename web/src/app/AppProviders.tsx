import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { ReauthDialog } from "@/components/auth/ReauthDialog";
import { AuthProvider } from "@/lib/auth/AuthProvider";
import { createQueryClient } from "@/lib/query";
import { useLoadedToaster } from "@/lib/toast";

export function AppProviders({ children }: { children: ReactNode }) {
  // One cache of server state for the whole app (docs/web-layout.md, "Server state").
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <ReauthDialog />
        <ToasterOnceLoaded />
      </AuthProvider>
    </QueryClientProvider>
  );
}

/** The Toaster mounts with the first toast, which loads it. */
function ToasterOnceLoaded() {
  const Toaster = useLoadedToaster();
  return Toaster ? <Toaster /> : null;
}
