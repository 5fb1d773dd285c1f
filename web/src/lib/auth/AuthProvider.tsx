import type {
  AuthResponse,
  CheckEmailResponse,
  Credentials,
  TwoFactorChallengeResponse,
} from "@contract/api";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { onSessionRefresh } from "@/lib/api";
import { getCurrentSession } from "@/lib/auth/api/get-current-session";
import { logIn, submitSecondFactor } from "@/lib/auth/api/log-in";
import { logOut } from "@/lib/auth/api/log-out";
import { signUp } from "@/lib/auth/api/sign-up";
import { AuthContext, type AuthContextValue } from "@/lib/auth/auth-context";
import { AUTH_SUCCESS_MESSAGES, SIGNED_UP_VERIFIED_MESSAGE } from "@/lib/auth/auth-messages";
import { showAuthError } from "@/lib/auth/show-auth-error";
import { useSessionAutoRefresh } from "@/lib/auth/use-session-auto-refresh";
import { useQueryFailure } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/lib/toast";

type SessionState =
  | { status: "loading" }
  | { status: "signed-in"; session: AuthResponse }
  | { status: "signed-out" };

function toSessionState(session: AuthResponse | null): SessionState {
  return session ? { status: "signed-in", session } : { status: "signed-out" };
}

/** The session as the server answers it at start: loaded once (a failure counts as signed out). */
function useStartingSession(): SessionState {
  const query = useQuery({
    queryKey: queryKeys.session,
    queryFn: ({ signal }) => getCurrentSession(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  useQueryFailure(query, warnSessionFailed);
  if (query.data !== undefined) return toSessionState(query.data);
  return query.isError ? { status: "signed-out" } : { status: "loading" };
}

function warnSessionFailed(error: unknown) {
  console.warn("Could not load the session", error);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const startingSession = useStartingSession();
  // Every later change (log in or out, a refresh, a password reset) is React state, not the query's: it
  // has to render in one transition with a navigation (see logout), which a query's store cannot.
  const [changedSession, setChangedSession] = useState<SessionState | null>(null);
  const sessionState = changedSession ?? startingSession;
  const [credentialsPending, setCredentialsPending] = useState(false);
  const session = sessionState.status === "signed-in" ? sessionState.session : null;

  // The server state in the cache is the signed-in user's: someone else signing in starts without it.
  const lastUserId = useRef<string | null>(null);
  const userId = session?.user.id ?? null;
  useEffect(() => {
    if (userId !== null) lastUserId.current = userId;
  }, [userId]);

  const setSessionState = useCallback(
    (next: SessionState) => {
      const nextUserId = next.status === "signed-in" ? next.session.user.id : null;
      if (nextUserId !== null && lastUserId.current !== null && nextUserId !== lastUserId.current) {
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] });
      }
      setChangedSession(next);
    },
    [queryClient],
  );

  // Refreshes started anywhere (an expired token during an API call, the auto-refresh) land here.
  useEffect(
    () => onSessionRefresh((refreshed) => setSessionState(toSessionState(refreshed))),
    [setSessionState],
  );

  useSessionAutoRefresh(session?.expiresAt);

  const submitCredentials = useCallback(
    async (
      request: (
        credentials: Credentials,
      ) => Promise<AuthResponse | TwoFactorChallengeResponse | CheckEmailResponse>,
      credentials: Credentials,
      success: string | ((answer: AuthResponse) => string),
    ): Promise<"signed-in" | "code" | "check-email"> => {
      setCredentialsPending(true);
      try {
        const answer = await request(credentials);
        if ("twoFactorRequired" in answer) return "code";
        if ("checkEmail" in answer) {
          toast.success(AUTH_SUCCESS_MESSAGES.signedUp);
          return "check-email";
        }
        setSessionState(toSessionState(answer));
        toast.success(typeof success === "string" ? success : success(answer));
        return "signed-in";
      } catch (error) {
        showAuthError(error);
        throw error;
      } finally {
        setCredentialsPending(false);
      }
    },
    [setSessionState],
  );

  const login = useCallback(
    async (credentials: Credentials) => {
      const outcome = await submitCredentials(logIn, credentials, AUTH_SUCCESS_MESSAGES.loggedIn);
      return outcome === "code" ? "code" : "signed-in";
    },
    [submitCredentials],
  );

  const secondFactor = useCallback(
    async (code: string) => {
      await submitCredentials(
        () => submitSecondFactor(code),
        { email: "", password: "" },
        AUTH_SUCCESS_MESSAGES.loggedIn,
      );
    },
    [submitCredentials],
  );

  const signup = useCallback(
    async (credentials: Credentials, invitationToken?: string) => {
      const outcome = await submitCredentials(
        () => signUp({ ...credentials, invitationToken }),
        credentials,
        SIGNED_UP_VERIFIED_MESSAGE,
      );
      return outcome === "check-email" ? "check-email" : "signed-in";
    },
    [submitCredentials],
  );

  const applySession = useCallback(
    (next: AuthResponse | null) => setSessionState(toSessionState(next)),
    [setSessionState],
  );

  const reloadSession = useCallback(async () => {
    try {
      setSessionState(toSessionState(await getCurrentSession()));
    } catch (error) {
      // Offline for a moment: the session stays as it was.
      console.warn("Could not reload the session", error);
    }
  }, [setSessionState]);

  const logout = useCallback(
    async (leave?: () => void) => {
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
    },
    [setSessionState],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      status: sessionState.status,
      user: session?.user ?? null,
      session,
      emailVerified: session?.emailVerified ?? false,
      loading: sessionState.status === "loading" || credentialsPending,
      login,
      secondFactor,
      signup,
      logout,
      applySession,
      reloadSession,
    }),
    [
      sessionState.status,
      session,
      credentialsPending,
      login,
      secondFactor,
      signup,
      logout,
      applySession,
      reloadSession,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
