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
      { path: "/forgot-password", Component: lazy(() => import("@/features/account/ForgotPasswordPage")) },
      { path: "/reset-password", Component: lazy(() => import("@/features/account/ResetPasswordPage")) },
      { path: "/verify-email", Component: lazy(() => import("@/features/account/VerifyEmailPage")) },
      { path: "/docs/api", Component: lazy(() => import("@/features/api-docs/ApiDocsPage")) },
      {
        Component: RequireAuth,
        children: [
          { path: "/dashboard", Component: lazy(() => import("@/features/dashboard/DashboardPage")) },
          { path: "/create-test", Component: lazy(() => import("@/features/create-test/CreateTestPage")) },
          { path: "/test/:slug", Component: lazy(() => import("@/features/test-detail/TestDetailPage")) },
          { path: "/domains", Component: lazy(() => import("@/features/domains/DomainsPage")) },
          { path: "/settings", Component: lazy(() => import("@/features/settings/SettingsPage")) },
        ],
      },
      { path: "*", Component: lazy(() => import("@/features/not-found/NotFoundPage")) },
    ],
  },
]);
