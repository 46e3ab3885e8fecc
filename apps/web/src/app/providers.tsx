import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { createQueryClient } from '../lib/query-client';
import { AuthProvider } from '../lib/auth/auth-context';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <Toaster
          position="bottom-right"
          duration={4000}
          visibleToasts={3}
          hotkey={['altKey', 'KeyT']}
          richColors
          closeButton
          // Above the bottom navigation (one row, 56 px) on phones.
          mobileOffset={{ bottom: '5rem' }}
        />
      </AuthProvider>
    </QueryClientProvider>
  );
}
