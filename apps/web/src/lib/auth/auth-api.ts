import type {
  LoginInput,
  PublicUser,
  SignInHistory,
  SignupInput,
  UpdateProfileInput,
} from '@escrow/shared/schemas/auth';
import type { LoginAnswer } from '@escrow/shared/schemas/two-factor';
import { api } from '../api-client';

export type SignedIn = { user: PublicUser; token: string } & SignInHistory;

export const authApi = {
  /** Signed in, or (two-factor sign-in on) a challenge to answer with a code: no token yet. */
  login: (input: LoginInput) => api<LoginAnswer>('/auth/login', { method: 'POST', body: input }),
  /** The challenge and a TOTP or recovery code; answers as a sign-in does. */
  verifyTwoFactor: (input: { challenge: string; code: string }) =>
    api<SignedIn>('/auth/2fa/verify', { method: 'POST', body: input }),
  signup: (input: SignupInput) => api<{ user: PublicUser }>('/auth/signup', { method: 'POST', body: input }),
  me: () => api<{ user: PublicUser } & SignInHistory>('/auth/me'),
  updateMe: (input: UpdateProfileInput) =>
    api<{ user: PublicUser }>('/auth/me', { method: 'PUT', body: input }),
  /** Revokes the given session; the caller has already dropped it locally (see AuthProvider.logout). */
  logout: (token: string) =>
    api<null>('/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } }),
  changePassword: (input: { currentPassword: string; newPassword: string }) =>
    api<null>('/auth/change-password', { method: 'PUT', body: input }),
  resetPassword: (email: string) => api<null>('/auth/reset-password', { method: 'POST', body: { email } }),
  setNewPassword: (resetToken: string, newPassword: string) =>
    api<null>('/auth/set-new-password', { method: 'POST', body: { resetToken, newPassword } }),
};
