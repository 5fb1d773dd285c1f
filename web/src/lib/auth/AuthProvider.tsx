import type { AuthResponse, Credentials } from "@contract/api";
import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useState } from "react";
import { onSessionRefresh } from "@/lib/api";
import { getCurrentSession } from "@/lib/auth/api/get-current-session";
import { logIn } from "@/lib/auth/api/log-in";
import { logOut } from "@/lib/auth/api/log-out";
import { signUp } from "@/lib/auth/api/sign-up";
import { AuthContext, type AuthContextValue } from "@/lib/auth/auth-context";
import { AUTH_SUCCESS_MESSAGES } from "@/lib/auth/auth-messages";
import { showAuthError } from "@/lib/auth/show-auth-error";
import { useSessionAutoRefresh } from "@/lib/auth/use-session-auto-refresh";
import { toast } from "@/lib/toast";

type SessionState =
  | { status: "loading" }
  | { status: "signed-in"; session: AuthResponse }
  | { status: "signed-out" };

function toSessionState(session: AuthResponse | null): SessionState {
  return session ? { status: "signed-in", session } : { status: "signed-out" };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [sessionState, setSessionState] = useState<SessionState>({ status: "loading" });
  const [credentialsPending, setCredentialsPending] = useState(false);
  const session = sessionState.status === "signed-in" ? sessionState.session : null;

  useEffect(() => {
    const controller = new AbortController();
    getCurrentSession(controller.signal)
      .then((current) => {
        if (!controller.signal.aborted) setSessionState(toSessionState(current));
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn("Could not load the session", error);
        setSessionState({ status: "signed-out" });
      });
    return () => controller.abort();
  }, []);

  // Refreshes started anywhere (an expired token during an API call, the auto-refresh) land here.
  useEffect(() => onSessionRefresh((refreshed) => setSessionState(toSessionState(refreshed))), []);

  useSessionAutoRefresh(session?.expiresAt);

  const submitCredentials = useCallback(
    async (
      request: (credentials: Credentials) => Promise<AuthResponse>,
      credentials: Credentials,
      success: string,
    ) => {
      setCredentialsPending(true);
      try {
        setSessionState(toSessionState(await request(credentials)));
        toast.success(success);
      } catch (error) {
        showAuthError(error);
        throw error;
      } finally {
        setCredentialsPending(false);
      }
    },
    [],
  );

  const login = useCallback(
    (credentials: Credentials) => submitCredentials(logIn, credentials, AUTH_SUCCESS_MESSAGES.loggedIn),
    [submitCredentials],
  );

  const signup = useCallback(
    (credentials: Credentials) => submitCredentials(signUp, credentials, AUTH_SUCCESS_MESSAGES.signedUp),
    [submitCredentials],
  );

  const applySession = useCallback((next: AuthResponse | null) => setSessionState(toSessionState(next)), []);

  const reloadSession = useCallback(async () => {
    try {
      setSessionState(toSessionState(await getCurrentSession()));
    } catch (error) {
      // Offline for a moment: the session stays as it was.
      console.warn("Could not reload the session", error);
    }
  }, []);

  const logout = useCallback(async (leave?: () => void) => {
    try {
      await logOut();
    } catch (error) {
      showAuthError(error);
      throw error;
    }
    // One transition: the page being left never renders signed out, which would make its route guard
    // send the visitor to /login (navigations are transitions too).
    startTransition(() => {
      setSessionState({ status: "signed-out" });
      leave?.();
    });
    toast.success(AUTH_SUCCESS_MESSAGES.loggedOut);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: sessionState.status,
      user: session?.user ?? null,
      session,
      emailVerified: session?.emailVerified ?? false,
      loading: sessionState.status === "loading" || credentialsPending,
      login,
      signup,
      logout,
      applySession,
      reloadSession,
    }),
    [sessionState.status, session, credentialsPending, login, signup, logout, applySession, reloadSession],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
