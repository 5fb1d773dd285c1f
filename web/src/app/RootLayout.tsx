import { Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router-dom";
import { FullScreenSpinner } from "@/components/ui/spinner";

export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={<FullScreenSpinner />}>
        <Outlet />
      </Suspense>
    </>
  );
}
