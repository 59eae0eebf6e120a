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
/** Below the shell's sticky header (h-16, 64 px), with a gap. */
const TOAST_TOP_PX = 72;

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      {/* SPEC §8: 2 s success, 4 s error, then gone (removeDelay: no lingering exit);
          react-hot-toast keeps at most 20 at once. At the top, just under the sticky navigation
          (never over it): forms and dialogs keep their buttons at the bottom, where a toast
          covered « Déployer » (issue 33 item 3). A toast takes no pointer: one over a control
          lets the click through, and never pauses there to stay. */}
      <Toaster
        position="top-center"
        containerStyle={{ top: TOAST_TOP_PX }}
        toastOptions={{
          removeDelay: TOAST_REMOVE_DELAY_MS,
          success: { duration: toasts.successMs },
          error: { duration: toasts.errorMs },
          className: '!pointer-events-none dark:!bg-slate-800 dark:!text-slate-100',
        }}
      />
    </QueryClientProvider>
  );
}
