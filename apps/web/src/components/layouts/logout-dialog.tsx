import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

type LogoutDialogContextValue = { openLogoutDialog: () => void };

const LogoutDialogContext = createContext<LogoutDialogContextValue | null>(null);

/**
 * The one logout confirmation of the app (DESIGN.md "Texts": spec 02's 'Confirm Logout'). Mounted once
 * by the signed-in area; any screen opens it with `useLogoutDialog().openLogoutDialog()`.
 */
export function LogoutDialogProvider({ children }: { children: ReactNode }) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  const openLogoutDialog = useCallback(() => setOpen(true), []);
  const value = useMemo(() => ({ openLogoutDialog }), [openLogoutDialog]);

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
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!pending) setOpen(next);
        }}
        title="Confirm Logout"
        description="Are you sure you want to log out? You'll need to sign in again to access your account."
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={pending}>
              Cancel
            </Button>
            <Button variant="danger" onClick={confirmLogout} disabled={pending}>
              Logout
            </Button>
          </>
        }
      />
    </LogoutDialogContext.Provider>
  );
}

export function useLogoutDialog(): LogoutDialogContextValue {
  const value = useContext(LogoutDialogContext);
  if (!value) throw new Error('useLogoutDialog must be used inside LogoutDialogProvider (the /app layout)');
  return value;
}
