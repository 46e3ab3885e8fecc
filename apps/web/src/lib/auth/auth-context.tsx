import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { LoginInput, PublicUser } from '@escrow/shared/schemas/auth';
import { PRIVACY_TEXT } from '@escrow/shared/texts/privacy';
import { ApiError, clearToken, getToken, SESSION_EXPIRED_EVENT, setToken } from '../api-client';
import { currentLanguage, setLanguage, t } from '../i18n';
import { authApi, type SignedIn } from './auth-api';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

/** A sign-in with two-factor sign-in on waits for a code: the challenge the password earned (5 minutes). */
export type TwoFactorChallenge = { challenge: string; expiresAt: string };
export type LoginResult = { user: PublicUser } | { twoFactor: TwoFactorChallenge };

type AuthContextValue = {
  user: PublicUser | null;
  status: AuthStatus;
  /** True after the user chose to log out (the guard then does not remember the page they left). */
  signedOutByUser: boolean;
  /** The password step: signed in, or a challenge for `verifyTwoFactor` when the account has 2FA on. */
  login: (input: LoginInput) => Promise<LoginResult>;
  /** The code step: signs in exactly as a sign-in without two-factor does. */
  verifyTwoFactor: (input: { challenge: string; code: string }) => Promise<PublicUser>;
  logout: () => Promise<void>;
  setUser: (user: PublicUser) => void;
  /** This session is the user's first sign-in (the server says no earlier one): greet, not welcome back. */
  firstSignIn: boolean;
  /** The user closed their account: the guard sends them to the landing page, not to sign in. */
  accountClosed: boolean;
  /**
   * Runs the account-closing request. The server ends every session as it closes, so other calls (and
   * the live channel) may be refused before its answer arrives: a refusal meanwhile, like its success,
   * signs out as closed. A failed request (wrong password, something still open) changes nothing.
   */
  closeAccount: (request: () => Promise<unknown>) => Promise<void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * A stored token triggers a profile fetch on load; when the server refuses it the token
 * is dropped and the user is signed out. Logout always clears the token, even if the call fails. A call that
 * answers 401 for the current token (revoked elsewhere, expired) signs out the same way.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUserState] = useState<PublicUser | null>(null);
  const [status, setStatus] = useState<AuthStatus>(() => (getToken() ? 'loading' : 'anonymous'));
  const [signedOutByUser, setSignedOutByUser] = useState(false);
  // Only the server's explicit null means "never signed in before"; an older answer without it does not.
  const [firstSignIn, setFirstSignIn] = useState(false);
  const [accountClosed, setAccountClosed] = useState(false);
  const closingRef = useRef(false);

  const signOutLocally = useCallback(
    (byUser: boolean, closed = false) => {
      clearToken();
      queryClient.clear();
      setUserState(null);
      setFirstSignIn(false);
      setStatus('anonymous');
      setSignedOutByUser(byUser);
      setAccountClosed(closed);
    },
    [queryClient],
  );

  useEffect(() => {
    if (!getToken()) return;
    let cancelled = false;
    authApi
      .me()
      .then(({ user: me, previousSignInAt }) => {
        if (cancelled) return;
        // The whole signed-in screen renders now: in a transition, in slices rather than one long
        // task that would keep a slow phone from answering a tap (docs/performance.md, Web).
        followSavedLanguage(me);
        startTransition(() => {
          setUserState(me);
          setFirstSignIn(previousSignInAt === null);
          setStatus('authenticated');
        });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        // Only the server's refusal ends the session; a dropped connection (or a page left mid-load)
        // must not throw away a valid token. Without a profile the user is treated as signed out for now.
        if (error instanceof ApiError && (error.status === 401 || error.status === 404))
          signOutLocally(false);
        else {
          setUserState(null);
          setStatus('anonymous');
        }
      });
    return () => {
      cancelled = true;
    };
  }, [signOutLocally]);

  useEffect(() => {
    const onSessionExpired = (event: Event) => {
      const refusedToken = (event as CustomEvent<string>).detail;
      if (refusedToken && refusedToken === getToken()) signOutLocally(closingRef.current, closingRef.current);
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, onSessionExpired);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, onSessionExpired);
  }, [signOutLocally]);

  const signedIn = useCallback(
    ({ user: account, token, previousSignInAt }: SignedIn) => {
      // Nothing cached for a previous account may show to this one.
      queryClient.clear();
      setToken(token);
      followSavedLanguage(account);
      setUserState(account);
      setFirstSignIn(previousSignInAt === null);
      setStatus('authenticated');
      setSignedOutByUser(false);
      setAccountClosed(false);
      return account;
    },
    [queryClient],
  );

  const login = useCallback(
    async (input: LoginInput): Promise<LoginResult> => {
      const answer = await authApi.login(input);
      if ('twoFactorRequired' in answer)
        return { twoFactor: { challenge: answer.challenge, expiresAt: answer.expiresAt } };
      return { user: signedIn(answer) };
    },
    [signedIn],
  );

  const verifyTwoFactor = useCallback(
    async (input: { challenge: string; code: string }) => signedIn(await authApi.verifyTwoFactor(input)),
    [signedIn],
  );

  const logout = useCallback(async () => {
    const token = getToken();
    // Drop the session here first, so nothing can use it while the server call is under way.
    signOutLocally(true);
    if (!token) return;
    try {
      await authApi.logout(token);
    } catch {
      // Already signed out locally; an unreachable server leaves a session that simply expires.
    }
  }, [signOutLocally]);

  const setUser = useCallback((next: PublicUser) => setUserState(next), []);

  const closeAccount = useCallback(
    async (request: () => Promise<unknown>) => {
      closingRef.current = true;
      try {
        await request();
      } finally {
        closingRef.current = false;
      }
      toast.success(t(PRIVACY_TEXT.closed));
      signOutLocally(true, true);
    },
    [signOutLocally],
  );

  const value = useMemo(
    () => ({
      user,
      status,
      signedOutByUser,
      login,
      verifyTwoFactor,
      logout,
      setUser,
      firstSignIn,
      accountClosed,
      closeAccount,
    }),
    [
      user,
      status,
      signedOutByUser,
      login,
      verifyTwoFactor,
      logout,
      setUser,
      firstSignIn,
      accountClosed,
      closeAccount,
    ],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}

/**
 * The account's saved language wins over this device's choice (docs/languages.md): the screens switch
 * to it once its texts have arrived. An account without one (opened before languages came) keeps the
 * device's.
 */
function followSavedLanguage(user: PublicUser) {
  if (user.language && user.language !== currentLanguage())
    void setLanguage(user.language).catch(() => undefined);
}
