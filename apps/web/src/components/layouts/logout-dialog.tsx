import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';

// Its code (a Radix dialog) comes when the account menu opens, the one place it is opened from.
const LogoutConfirm = lazy(() => import('./logout-confirm'));

type LogoutDialogContextValue = {
  openLogoutDialog: () => void;
  /** The account menu opened: fetch the dialog's code, so it shows at once if Log out is chosen. */
  prepareLogoutDialog: () => void;
};

const LogoutDialogContext = createContext<LogoutDialogContextValue | null>(null);

/**
 * The one logout confirmation of the app ('Confirm Logout'). Mounted once
 * by the signed-in area; any screen opens it with `useLogoutDialog().openLogoutDialog()`.
 */
export function LogoutDialogProvider({ children }: { children: ReactNode }) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [prepared, setPrepared] = useState(false);

  const openLogoutDialog = useCallback(() => setOpen(true), []);
  const prepareLogoutDialog = useCallback(() => setPrepared(true), []);
  const value = useMemo(
    () => ({ openLogoutDialog, prepareLogoutDialog }),
    [openLogoutDialog, prepareLogoutDialog],
  );

  const confirmLogout = async () => {
    setPending(true);
    try {
      // logout() clears the token first and never throws for a failed server call.
      await logout();
    } finally {
      setPending(false);
      setOpen(false);
      navigate('/login', { replace: true });
    }
  };

  return (
    <LogoutDialogContext.Provider value={value}>
      {children}
      {open || prepared ? (
        <Suspense fallback={null}>
          <LogoutConfirm
            open={open}
            pending={pending}
            onOpenChange={(next) => {
              if (!pending) setOpen(next);
            }}
            onConfirm={() => void confirmLogout()}
          />
        </Suspense>
      ) : null}
    </LogoutDialogContext.Provider>
  );
}

export function useLogoutDialog(): LogoutDialogContextValue {
  const value = useContext(LogoutDialogContext);
  if (!value) throw new Error('useLogoutDialog must be used inside LogoutDialogProvider (the /app layout)');
  return value;
}
