import { LayoutDashboardIcon } from "lucide-react";
import { Link } from "react-router-dom";
import { AppHeader } from "@/components/AppHeader";
import { Button } from "@/components/ui/button";
import { ApiKeysSection } from "@/features/api-keys/components/ApiKeysSection";

export default function ApiKeysPage() {
  return (
    <div className="min-h-svh bg-muted">
      <AppHeader>
        <Button asChild variant="ghost" size="sm">
          <Link to="/dashboard">
            <LayoutDashboardIcon aria-hidden />
            <span className="sr-only sm:not-sr-only">Dashboard</span>
          </Link>
        </Button>
      </AppHeader>
      <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">API keys</h1>
        <p className="mt-1 mb-8 text-muted-foreground">Use SplitLink from your own tools</p>
        <ApiKeysSection />
      </main>
    </div>
  );
}
