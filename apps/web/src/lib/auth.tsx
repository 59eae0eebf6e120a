import { errors } from '@nuage/shared/messages';
import type { UserProfile } from '@nuage/shared/schemas/users';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { api } from './api-client';
import { session } from './session';

export const meQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['users', 'me', token],
    queryFn: () => api<UserProfile>('/users/me', { errorMessage: false }),
    enabled: token !== null,
    staleTime: 60_000,
    retry: false,
  });

interface AuthState {
  /** The signed-in user, or null when signed out. */
  user: UserProfile | null;
  /** True while a stored token's user is being fetched (guards show a spinner). */
  loading: boolean;
  /** Stores the token (SPEC §4) and loads its user. */
  signIn(token: string): Promise<UserProfile>;
  signOut(): void;
}

const AuthContext = createContext<AuthState | null>(null);

export function useSessionToken() {
  return useSyncExternalStore(session.subscribe, session.getToken);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const token = useSessionToken();
  const queryClient = useQueryClient();
  const me = useQuery(meQueryOptions(token));

  useEffect(() => {
    // SPEC §4: a stored token whose user cannot be loaded ends the session.
    if (me.isError && token) {
      console.error(errors.failedToFetchUser);
      session.clear('expired');
    }
  }, [me.isError, token]);

  const signIn = useCallback(
    async (newToken: string) => {
      session.setToken(newToken);
      return queryClient.fetchQuery(meQueryOptions(newToken));
    },
    [queryClient],
  );

  const signOut = useCallback(() => {
    session.clear('logout');
    queryClient.clear();
  }, [queryClient]);

  const value = useMemo<AuthState>(
    () => ({
      user: token ? (me.data ?? null) : null,
      loading: token !== null && me.isPending,
      signIn,
      signOut,
    }),
    [token, me.data, me.isPending, signIn, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside <AuthProvider>');
  return ctx;
}

/** The signed-in user, for components rendered inside an authenticated route. */
export function useUser(): UserProfile {
  const { user } = useAuth();
  if (!user) throw new Error('useUser outside an authenticated route');
  return user;
}
