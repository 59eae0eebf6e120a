import type { UserProfile } from '@nuage/shared/schemas/users';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { RequireAuth } from '@/app/guards';
import { AuthProvider } from '@/lib/auth';
import { session } from '@/lib/session';
import { createFakeApi, type FakeApi } from './fake-api';

export interface RenderRouteOptions {
  /** The URL the memory router starts at (pathname + query). Default: `path`, else '/'. */
  url?: string;
  /** The route pattern the element is mounted at (e.g. '/projects/:projectId'). Default: the URL's pathname. */
  path?: string;
  /** Navigation state of the initial entry (what `navigate(url, { state })` would carry). */
  state?: unknown;
  /** Signs in as this user: a token is stored and GET /users/me answers it. */
  user?: UserProfile;
  /** The fake API to stub `fetch` with; a fresh one by default. Program it before or after. */
  api?: FakeApi;
  /** Other routes the screen may navigate to (real screens); any other path shows a stub page. */
  routes?: RouteObject[];
  /** A layout element rendering an <Outlet/> around the screen (e.g. the signed-in shell). */
  layout?: ReactElement;
}

/** Factory for the signed-in user of a test. */
export function buildUser(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    prenom: 'Awa',
    nom: 'Diop',
    email: 'awa.diop@example.sn',
    date_creation: '2024-03-15T10:30:00.000Z',
    est_verifie: true,
    email_en_attente: null,
    double_authentification: false,
    ...overrides,
  };
}

/** Where a navigation landed when no real screen is mounted there: a heading names the path. */
function StubPage() {
  const { pathname } = useLocation();
  return <h1>Page {pathname}</h1>;
}

/**
 * Renders a route element as the app does (TanStack Query, the auth provider, toasts, a data
 * router), in a memory router, with `fetch` answered by a fake API. Returns Testing Library's
 * result plus the fake API, a user-event instance and the router's current location.
 */
export function renderRoute(element: ReactElement, options: RenderRouteOptions = {}) {
  const api = options.api ?? createFakeApi();
  vi.stubGlobal('fetch', api.fetch);

  const url = new URL(options.url ?? options.path ?? '/', 'http://localhost');
  const path = options.path ?? url.pathname;

  if (options.user) {
    session.start();
    if (!api.has('GET', '/users/me')) api.on('GET', '/users/me', { body: options.user });
  }

  let screenRoute: RouteObject = { path, element };
  if (options.layout) screenRoute = { element: options.layout, children: [screenRoute] };
  if (options.user) screenRoute = { element: <RequireAuth />, children: [screenRoute] };

  const router = createMemoryRouter(
    [screenRoute, ...(options.routes ?? []), { path: '*', element: <StubPage /> }],
    { initialEntries: [{ pathname: url.pathname, search: url.search, state: options.state }] },
  );
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });

  const result = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
      <Toaster />
    </QueryClientProvider>,
  );
  const user = userEvent.setup(vi.isFakeTimers() ? { advanceTimers: vi.advanceTimersByTime } : {});
  return {
    ...result,
    api,
    user,
    router,
    queryClient,
    /** The router's current location (pathname, search, state). */
    location: () => router.state.location,
  };
}
