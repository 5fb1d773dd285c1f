import { Suspense } from "react";
import { Outlet } from "react-router-dom";
import { ScrollRestoration } from "@/app/ScrollRestoration";
import { FullScreenSpinner } from "@/components/ui/spinner";

export function RootLayout() {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <ScrollRestoration />
      <Outlet />
    </Suspense>
  );
}
