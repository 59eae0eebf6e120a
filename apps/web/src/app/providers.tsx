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

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      {/* SPEC §8: 2 s success, 4 s error; react-hot-toast keeps at most 20 at once. Top centre,
          clear of the user menu on the right: a toast pauses while the pointer is over it, so
          one covering the menu would stay and swallow its clicks. */}
      <Toaster
        position="top-center"
        toastOptions={{
          success: { duration: toasts.successMs },
          error: { duration: toasts.errorMs },
          className: 'dark:!bg-slate-800 dark:!text-slate-100',
        }}
      />
    </QueryClientProvider>
  );
}
