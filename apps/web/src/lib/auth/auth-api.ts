import type {
  LoginInput,
  PublicUser,
  SignInHistory,
  SignupInput,
  UpdateProfileInput,
} from '@escrow/shared/schemas/auth';
import { api } from '../api-client';

export const authApi = {
  login: (input: LoginInput) =>
    api<{ user: PublicUser; token: string } & SignInHistory>('/auth/login', { method: 'POST', body: input }),
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
