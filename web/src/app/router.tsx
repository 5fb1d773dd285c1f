import { lazy } from "react";
import { Route, Routes } from "react-router-dom";
import { RequireAuth } from "@/app/RequireAuth";
import { RootLayout } from "@/app/RootLayout";

// Each page is its own chunk: a new page is a lazy import here and a <Route> below.
const LandingPage = lazy(() => import("@/features/landing/LandingPage"));
const LoginPage = lazy(() => import("@/features/auth/LoginPage"));
const ForgotPasswordPage = lazy(() => import("@/features/account/ForgotPasswordPage"));
const ResetPasswordPage = lazy(() => import("@/features/account/ResetPasswordPage"));
const VerifyEmailPage = lazy(() => import("@/features/account/VerifyEmailPage"));
const ApiDocsPage = lazy(() => import("@/features/api-docs/ApiDocsPage"));
const DashboardPage = lazy(() => import("@/features/dashboard/DashboardPage"));
const CreateTestPage = lazy(() => import("@/features/create-test/CreateTestPage"));
const ImportPage = lazy(() => import("@/features/import/ImportPage"));
const TestDetailPage = lazy(() => import("@/features/test-detail/TestDetailPage"));
const DomainsPage = lazy(() => import("@/features/domains/DomainsPage"));
const SettingsPage = lazy(() => import("@/features/settings/SettingsPage"));
const InvitationPage = lazy(() => import("@/features/invitation/InvitationPage"));
const NotFoundPage = lazy(() => import("@/features/not-found/NotFoundPage"));

export function AppRoutes() {
  return (
    <Routes>
      <Route Component={RootLayout}>
        <Route path="/" Component={LandingPage} />
        <Route path="/login" Component={LoginPage} />
        <Route path="/forgot-password" Component={ForgotPasswordPage} />
        <Route path="/reset-password" Component={ResetPasswordPage} />
        <Route path="/verify-email" Component={VerifyEmailPage} />
        <Route path="/docs/api" Component={ApiDocsPage} />
        <Route path="/invitations/:token" Component={InvitationPage} />
        <Route Component={RequireAuth}>
          <Route path="/dashboard" Component={DashboardPage} />
          <Route path="/create-test" Component={CreateTestPage} />
          <Route path="/import" Component={ImportPage} />
          <Route path="/test/:slug" Component={TestDetailPage} />
          <Route path="/domains" Component={DomainsPage} />
          <Route path="/settings/*" Component={SettingsPage} />
        </Route>
        <Route path="*" Component={NotFoundPage} />
      </Route>
    </Routes>
  );
}
