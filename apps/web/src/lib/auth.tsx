import { errors } from '@nuage/shared/messages';
import type { CurrentUserProfile } from '@nuage/shared/schemas/responses/users';
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
import { platformKey } from './platform-query';
import { session } from './session';

export const meQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['users', 'me', token],
    queryFn: async ({ client }) => {
      const { plateforme, ...me } = await api<CurrentUserProfile>('/users/me', {
        errorMessage: false,
      });
      // The shell's banners read it at once instead of asking GET /platform on the first load.
      if (plateforme) client.setQueryData(platformKey, plateforme);
      return me as UserProfile;
    },
    enabled: token !== null,
    staleTime: 60_000,
    retry: false,
  });

interface AuthState {
  /** The signed-in user, or null when signed out. */
  user: UserProfile | null;
  /** True while a stored token's user is being fetched (guards show a spinner). */
  loading: boolean;
  /** After a login set the session cookie: records the sign-in and loads its user. */
  signIn(): Promise<UserProfile>;
  /** Ends the session on the server (the cookie), then here; `ended` when the server already did. */
  signOut(opts?: { ended?: boolean }): Promise<void>;
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

  const signIn = useCallback(async () => {
    const marker = session.start();
    return queryClient.fetchQuery(meQueryOptions(marker));
  }, [queryClient]);

  const signOut = useCallback(
    async ({ ended = false }: { ended?: boolean } = {}) => {
      // The server forgets the session (every API process refuses it) and clears the cookie; a
      // failure there (offline) still signs this browser out.
      if (!ended)
        await api('/auth/logout', { method: 'POST', errorMessage: false }).catch(() => undefined);
      session.clear('logout');
      queryClient.clear();
    },
    [queryClient],
  );

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
