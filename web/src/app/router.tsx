import { lazy } from "react";
import { createBrowserRouter } from "react-router-dom";
import { RequireAuth } from "@/app/RequireAuth";
import { RootLayout } from "@/app/RootLayout";

// Each page is its own chunk; a new page is one line in the matching group below.
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    children: [
      { path: "/", Component: lazy(() => import("@/features/landing/LandingPage")) },
      { path: "/login", Component: lazy(() => import("@/features/auth/LoginPage")) },
      { path: "/docs/api", Component: lazy(() => import("@/features/api-docs/ApiDocsPage")) },
      {
        Component: RequireAuth,
        children: [
          { path: "/dashboard", Component: lazy(() => import("@/features/dashboard/DashboardPage")) },
          { path: "/create-test", Component: lazy(() => import("@/features/create-test/CreateTestPage")) },
          { path: "/test/:slug", Component: lazy(() => import("@/features/test-detail/TestDetailPage")) },
          { path: "/domains", Component: lazy(() => import("@/features/domains/DomainsPage")) },
          { path: "/settings/api-keys", Component: lazy(() => import("@/features/api-keys/ApiKeysPage")) },
        ],
      },
      { path: "*", Component: lazy(() => import("@/features/not-found/NotFoundPage")) },
    ],
  },
]);
