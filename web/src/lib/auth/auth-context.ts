import type { AuthResponse, Credentials, User } from "@contract/api";
import { createContext } from "react";

/** Where the session stands: "loading" until the server has answered whether anyone is signed in. */
export type AuthStatus = "loading" | "signed-in" | "signed-out";

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  session: AuthResponse | null;
  /** Whether the signed-in user has verified their email; false when signed out. */
  emailVerified: boolean;
  /** True while the session first loads and during login and sign-up. */
  loading: boolean;
  /** Each action toasts its outcome and rethrows a failure for the caller. */
  /** "code": the user has two-factor sign-in, and `secondFactor` with their code finishes the login. */
  login: (credentials: Credentials) => Promise<"signed-in" | "code">;
  secondFactor: (code: string) => Promise<void>;
  /**
   * "check-email": the account's mailbox got the link that finishes sign-up, and no one is signed in.
   * `invitationToken`: sign-up from an invitation's page, whose link proves the email: "signed-in".
   */
  signup: (credentials: Credentials, invitationToken?: string) => Promise<"signed-in" | "check-email">;
  /** `leave`, a navigation away from a signed-in page, renders together with the sign-out. */
  logout: (leave?: () => void) => Promise<void>;
  /** Takes a session the server just started or ended elsewhere (password reset, account deletion). */
  applySession: (session: AuthResponse | null) => void;
  /** Asks the server again, e.g. after the email was verified in this browser. */
  reloadSession: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
