// Shapes exchanged between the Worker's JSON API and the SPA. Pure types: both sides import them.

/** Every API error answers with this body. `reasons` is set for a weak password. */
export interface ApiErrorBody {
  error: { code: string; message: string; reasons?: string[] };
}

export interface User {
  id: string;
  email: string;
}

/** Answer of signup, login, refresh and me. Tokens travel only in HttpOnly cookies. */
export interface AuthResponse {
  user: User;
  /** When the access token expires, in milliseconds since the epoch. */
  expiresAt: number;
}

export interface Credentials {
  email: string;
  password: string;
}
