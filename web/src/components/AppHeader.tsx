import { LogOutIcon, SettingsIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { ProductLogo } from "@/components/ProductLogo";
import { Button } from "@/components/ui/button";
import { WorkspaceSwitcher } from "@/components/workspaces/WorkspaceSwitcher";
import { useAuth } from "@/lib/auth/use-auth";
import { useLogOutToHome } from "@/lib/auth/use-log-out-to-home";

interface AppHeaderProps {
  /** Page-specific links shown before the email, e.g. back to the dashboard. */
  children?: ReactNode;
}

/** Header of the signed-in pages: the workspace switcher, the user's email, Settings and Log out. */
export function AppHeader({ children }: AppHeaderProps) {
  const email = useAuth().user?.email;
  const onLogOut = useLogOutToHome();
  return (
    <header className="sticky top-0 z-40 border-b print:hidden bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <div className="flex min-w-0 items-center gap-2 sm:gap-4">
          <ProductLogo to="/dashboard" />
          {/* On the narrowest screens the switcher is on the line below, where it has room. */}
          <div className="hidden min-w-0 sm:flex">
            <WorkspaceSwitcher />
          </div>
        </div>
        <div className="flex min-w-0 items-center gap-2 sm:gap-3">
          {children}
          {email && (
            <span className="hidden min-w-0 truncate text-muted-foreground text-sm sm:inline" title={email}>
              {email}
            </span>
          )}
          <Button asChild variant="ghost" size="sm">
            <Link to="/settings">
              <SettingsIcon aria-hidden />
              {/* Icon only on the narrowest screens, where the header has no room for the word. */}
              <span className="sr-only sm:not-sr-only">Settings</span>
            </Link>
          </Button>
          <Button variant="outline" size="sm" onClick={onLogOut}>
            <LogOutIcon aria-hidden />
            <span className="sr-only sm:not-sr-only">Log out</span>
          </Button>
        </div>
      </div>
      <div className="flex min-w-0 items-center gap-3 border-t bg-muted px-4 py-1.5 sm:hidden">
        <WorkspaceSwitcher />
        {email && (
          <p className="min-w-0 truncate text-muted-foreground text-xs" title={email}>
            {email}
          </p>
        )}
      </div>
    </header>
  );
}
