import { Navigate, useSearchParams } from "react-router-dom";
import { ProductLogo } from "@/components/ProductLogo";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FullScreenSpinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { LoginForm } from "@/features/auth/components/LoginForm";
import { SignupForm } from "@/features/auth/components/SignupForm";
import { useAuth } from "@/features/auth/use-auth";
import { PRODUCT_TAGLINE } from "@/lib/product";

type AuthTab = "login" | "signup";

export default function LoginPage() {
  const { status } = useAuth();
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
  if (status === "signed-in") return <Navigate to="/dashboard" replace />;

  return (
    <div className="flex min-h-svh flex-col items-center bg-gradient-to-b from-accent to-background px-4 py-10 sm:justify-center">
      <ProductLogo className="mb-8" />
      <main className="w-full max-w-md">
        <Card className="shadow-lg shadow-primary/5">
          <CardHeader className="text-center">
            <CardTitle asChild className="text-2xl">
              <h1>Welcome</h1>
            </CardTitle>
            <CardDescription>{PRODUCT_TAGLINE}</CardDescription>
          </CardHeader>
          <CardContent>
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
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
