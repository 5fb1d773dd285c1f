import { Navigate, useSearchParams } from "react-router-dom";
import { AuthCard } from "@/components/auth/AuthCard";
import { PageTitle } from "@/components/PageTitle";
import { FullScreenSpinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { LoginForm } from "@/features/auth/components/LoginForm";
import { SignupForm } from "@/features/auth/components/SignupForm";
import { useAfterLoginPath } from "@/lib/auth/after-login";
import { useAuth } from "@/lib/auth/use-auth";
import { PRODUCT_TAGLINE } from "@/lib/product";

type AuthTab = "login" | "signup";

export default function LoginPage() {
  const { status } = useAuth();
  const afterLogin = useAfterLoginPath();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: AuthTab = searchParams.get("tab") === "signup" ? "signup" : "login";

  function selectTab(next: string) {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === "signup") params.set("tab", "signup");
        else params.delete("tab");
        return params;
      },
      { replace: true },
    );
  }

  if (status === "loading") return <FullScreenSpinner />;
  if (status === "signed-in") return <Navigate to={afterLogin} replace />;

  return (
    <AuthCard title="Welcome" description={PRODUCT_TAGLINE}>
      <PageTitle>{tab === "signup" ? "Sign up" : "Log in"}</PageTitle>
      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="login">Login</TabsTrigger>
          <TabsTrigger value="signup">Sign Up</TabsTrigger>
        </TabsList>
        <TabsContent value="login" className="pt-2">
          <LoginForm />
        </TabsContent>
        <TabsContent value="signup" className="pt-2">
          <SignupForm />
        </TabsContent>
      </Tabs>
    </AuthCard>
  );
}
