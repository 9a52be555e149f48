// Who is calling: the roles of the service and the authenticated caller every use case checks
// permissions against (contract §3). Below every module, so any of them can name the caller
// without depending on the auth module that establishes it.

export type Role = 'admin' | 'support' | 'owner' | 'client';
export const ROLES: readonly Role[] = ['admin', 'support', 'owner', 'client'];

export interface AuthUser {
  id: number;
  role: Role;
  sessionId: string;
  loginType: string;
  sessionCreatedAt: Date;
  jti: string;
}
