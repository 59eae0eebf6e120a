import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, renderRoute } from '@/test/render';
import AppShell from './app-shell';

const GUARD_DOWN =
  "Garde réseau inactif : l'isolation entre environnements n'est pas garantie sur cet hôte (no such image)";

function renderShell(problemes?: string[]) {
  const view = renderRoute(<h1>Tableau de bord</h1>, {
    url: '/dashboard',
    user: buildUser(),
    layout: <AppShell />,
  });
  view.api.on('GET', '/platform', {
    body: { runtime: 'docker', simulation: false, banner: null, problemes },
  });
  return view;
}

describe('the platform problems of the signed-in shell', () => {
  it('shows every problem GET /platform reports, on any signed-in page', async () => {
    renderShell([GUARD_DOWN]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(GUARD_DOWN);
  });

  it('shows nothing when the runtime has no problem (or an older server sends none)', async () => {
    for (const problemes of [[], undefined]) {
      const view = renderShell(problemes);
      await screen.findByRole('heading', { name: 'Tableau de bord' });
      await waitFor(() => expect(view.api.callsTo('GET', '/platform')).toHaveLength(1));
      expect(screen.queryByRole('alert')).toBeNull();
      view.unmount();
    }
  });
});
