import { toasts } from '@nuage/shared/limits';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { AuthProvider } from '@/lib/auth';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}

/** How long a dismissed toast takes to leave the page (its fade), counted in its duration's favour. */
const TOAST_REMOVE_DELAY_MS = 150;

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      {/* SPEC §8: 2 s success, 4 s error, then gone (removeDelay: no lingering exit);
          react-hot-toast keeps at most 20 at once. Bottom right: clear of the navigation and of
          dialog titles (a toast pauses while the pointer is over it, so one covering a control
          would stay and swallow its clicks). */}
      <Toaster
        position="bottom-right"
        toastOptions={{
          removeDelay: TOAST_REMOVE_DELAY_MS,
          success: { duration: toasts.successMs },
          error: { duration: toasts.errorMs },
          className: 'dark:!bg-slate-800 dark:!text-slate-100',
        }}
      />
    </QueryClientProvider>
  );
}
