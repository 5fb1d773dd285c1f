import type { ReactNode } from "react";
import { ProductLogo } from "@/components/ProductLogo";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

interface AuthCardProps {
  title: string;
  description: ReactNode;
  children: ReactNode;
}

/** The signed-out pages' one card under the logo: login, forgotten password, reset, verification. */
export function AuthCard({ title, description, children }: AuthCardProps) {
  return (
    <div className="flex min-h-svh flex-col items-center bg-gradient-to-b from-accent to-background px-4 py-10 sm:justify-center">
      <ProductLogo className="mb-8" />
      <main className="w-full max-w-md">
        <Card className="shadow-lg shadow-primary/5">
          <CardHeader className="text-center">
            <CardTitle asChild className="text-2xl">
              <h1>{title}</h1>
            </CardTitle>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </main>
    </div>
  );
}
