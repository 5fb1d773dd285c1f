import { LogOutIcon, SettingsIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { ProductLogo } from "@/components/ProductLogo";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/lib/auth/use-auth";
import { useLogOutToHome } from "@/lib/auth/use-log-out-to-home";

interface AppHeaderProps {
  /** Page-specific links shown before the email, e.g. back to the dashboard. */
  children?: ReactNode;
}

/** Header of the signed-in pages: the user's email, Settings and Log out. */
export function AppHeader({ children }: AppHeaderProps) {
  const email = useAuth().user?.email;
  const onLogOut = useLogOutToHome();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <ProductLogo to="/dashboard" />
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
            Log out
          </Button>
        </div>
      </div>
      {email && (
        <p
          className="truncate border-t bg-muted px-4 py-1.5 text-muted-foreground text-xs sm:hidden"
          title={email}
        >
          {email}
        </p>
      )}
    </header>
  );
}
