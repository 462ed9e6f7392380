import { createContext, useContext } from 'react';

/** Who is using the admin area, as the shop's session knows it (the app passes it in: features stay apart). */
export interface AdminSession {
  /** The signed-in user, or null. */
  user: { id: string; role: string } | null;
  /** A session token is held (admin-spec §5: 'Token de autenticação não encontrado.' otherwise). */
  hasToken: boolean;
  /** The stored session is still being checked with the server. */
  checking: boolean;
}

export const AdminSessionContext = createContext<AdminSession>({
  user: null,
  hasToken: false,
  checking: false,
});

export function useAdminSession(): AdminSession {
  return useContext(AdminSessionContext);
}

export function isAdmin(session: AdminSession): boolean {
  return session.hasToken && session.user?.role === 'admin';
}
