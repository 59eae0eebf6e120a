import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { RequireAuth, RequireGuest, SessionExpiryRedirect } from './guards';

/** Every route of SPEC §2, each screen loaded lazily so a page only downloads its own code. */
const lazy = (
  load: () => Promise<{ default: React.ComponentType }>,
): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const placeholder = (title: string): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const { placeholderRoute } = await import('@/features/placeholders/routes/placeholder');
    return { Component: placeholderRoute(title) };
  },
});

export const routes: RouteObject[] = [
  {
    element: <SessionExpiryRedirect />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { path: '/', ...lazy(() => import('@/features/landing/routes/landing')) },
      { path: '/invitations/:token', ...placeholder('Invitation') },
      {
        element: <RequireGuest />,
        children: [
          { path: '/login', ...lazy(() => import('@/features/auth/routes/login')) },
          { path: '/register', ...lazy(() => import('@/features/auth/routes/register')) },
          {
            path: '/verify-account',
            ...lazy(() => import('@/features/auth/routes/verify-account')),
          },
          {
            path: '/forgot-password',
            ...lazy(() => import('@/features/auth/routes/forgot-password')),
          },
          {
            path: '/reset-password',
            ...lazy(() => import('@/features/auth/routes/reset-password')),
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            // The signed-in frame (menus, dialogs) is its own chunk: the login page never loads it.
            ...lazy(() => import('./shell/app-shell')),
            children: [
              {
                path: '/dashboard',
                ...lazy(() => import('@/features/dashboard/routes/dashboard')),
              },
              { path: '/deployments', ...placeholder('Nouveau déploiement') },
              { path: '/deploy', ...placeholder('Nouveau déploiement') },
              { path: '/projects', ...placeholder('Projets') },
              { path: '/projects/:projectId', ...placeholder('Détails du projet') },
              { path: '/environments/:projectId', ...placeholder('Environnements') },
              {
                path: '/deployments/:environmentId',
                ...placeholder('Applications de l’environnement'),
              },
              { path: '/deployment/:deploymentId', ...placeholder('Détails du déploiement') },
              {
                path: '/project/:projectId/applications',
                ...placeholder('Applications du projet'),
              },
              { path: '/status', ...placeholder('Status') },
              { path: '/certificates', ...placeholder('Certificats') },
              { path: '/built-images', ...placeholder('Images') },
              { path: '/profile', ...lazy(() => import('@/features/profile/routes/profile')) },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
