import type { AuditPage } from '@nuage/shared/audit-actions';
import { auditAccessTexts } from '@nuage/shared/audit-access-texts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildProject } from '@/test/project-fixtures';
import { buildUser, renderRoute } from '@/test/render';
import { toastTexts } from '@/test/toasts';
import ProjectAuditRoute from './project-audit';

const project = buildProject();
const auditPath = `/projects/${project.id}/audit`;
const refusal = { status: 403, body: { detail: 'Action réservée aux administrateurs du projet.' } };

const page: AuditPage = {
  events: [
    {
      id: 1,
      date: '2026-11-20T10:00:00.000Z',
      action: 'project.update',
      libelle: 'Projet modifié',
      acteur: { id: 'u1', nom: 'Awa Diop', email: 'awa.diop@example.sn' },
      jeton: null,
      cible: { type: 'project', id: project.id, nom: project.nom },
      details: null,
      adresse_ip: '192.0.2.1',
      agent: null,
    },
  ],
  pagination: { total: 1, has_more: false },
};

function renderAudit(role: 'admin' | 'developer' | 'user') {
  const view = renderRoute(<ProjectAuditRoute />, {
    url: `/projects/${project.id}/audit`,
    path: '/projects/:projectId/audit',
    user: buildUser(),
  });
  view.api.on('GET', `/projects/${project.id}`, { body: { ...project, role_projet: role } });
  return view;
}

describe('/projects/{id}/audit (issue 33 item 9)', () => {
  it('tells a developer once, in the page, that the log is for project admins: no toast, no retry, no filters', async () => {
    const view = renderAudit('developer');
    view.api.on('GET', auditPath, refusal);
    expect(await screen.findByRole('heading', { name: auditAccessTexts.title })).toBeVisible();
    expect(screen.getByText(auditAccessTexts.body(project.nom, 'developer'))).toBeVisible();
    expect(screen.getByText(/votre rôle dans ce projet : Développeur/)).toBeVisible();
    expect(screen.getByRole('link', { name: /Retour au projet/ })).toHaveAttribute(
      'href',
      `/projects/${project.id}`,
    );
    expect(screen.queryByRole('search', { name: 'Filtres du journal' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
    // The log is not asked for: the API would only refuse it.
    expect(view.api.callsTo('GET', auditPath)).toHaveLength(0);
    expect(toastTexts()).toEqual([]);
  });

  it('shows an admin the filters and the log', async () => {
    const view = renderAudit('admin');
    view.api.on('GET', auditPath, { body: page });
    expect(await screen.findByText('Projet modifié')).toBeVisible();
    expect(screen.getByRole('search', { name: 'Filtres du journal' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: auditAccessTexts.title })).toBeNull();
  });

  it('shows a terminal session with its instance, duration and ending, never what was typed', async () => {
    const view = renderAudit('admin');
    const session = {
      ...page.events[0]!,
      id: 2,
      action: 'terminal.session',
      libelle: 'Session de terminal',
      cible: { type: 'deployment', id: 'd1', nom: 'compta' },
      details: { replica: 'compta-0', duree_secondes: 125, fin: 'idle' },
    };
    view.api.on('GET', auditPath, { body: { ...page, events: [session] } });
    expect(await screen.findByText('Session de terminal')).toBeVisible();
    expect(
      screen.getByText('instance compta-0 · durée 2 min 5 s · fermé pour inactivité'),
    ).toBeVisible();
  });

  it('says the same, once and without a retry, when the log is refused to an admin demoted meanwhile', async () => {
    const view = renderAudit('admin');
    view.api.on('GET', auditPath, refusal);
    expect(await screen.findByRole('heading', { name: auditAccessTexts.title })).toBeVisible();
    expect(view.api.callsTo('GET', auditPath)).toHaveLength(1);
    expect(screen.queryByRole('search', { name: 'Filtres du journal' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
    expect(toastTexts()).toEqual([]);
  });

  it('says a failed load in the page, once, with a retry that may work', async () => {
    const view = renderAudit('admin');
    view.api.on('GET', auditPath, { status: 500 });
    expect(await screen.findByText(auditAccessTexts.loadError)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeVisible();
    await waitFor(() => expect(toastTexts()).toEqual([]));
  });
});
