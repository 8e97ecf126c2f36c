import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { DeferredToaster } from '@/components/ui/toaster';
import { AuthProvider } from '@/features/auth/auth-provider';

/** The spec allows at most 20 toasts on screen at once. */
export const MAX_TOASTS = 20;

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <DeferredToaster
          richColors
          closeButton
          visibleToasts={MAX_TOASTS}
          position="top-right"
          theme="system"
        />
      </AuthProvider>
    </QueryClientProvider>
  );
}
