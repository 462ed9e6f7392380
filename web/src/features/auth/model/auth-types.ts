import type { NotificationPreferences, Role } from '@quitute/contracts';

/** The authenticated user kept in the session and stored locally (spec §3). */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  phone: string;
  address: string;
  preferences: { notifications: NotificationPreferences };
  role: Role;
}

/** A signed-in session: the token and the user it belongs to. */
export interface Session {
  token: string;
  user: AuthUser;
}

export interface AuthState {
  user: AuthUser | null;
  token: string | null;
  /** True until the stored session has been checked against the server (spec §4). */
  authenticating: boolean;
  /** True while a login or a registration is under way. */
  loading: boolean;
  message: string | null;
  error: string | null;
}
