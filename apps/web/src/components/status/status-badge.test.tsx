import {
  buildStatusView,
  detailStatusView,
  environmentStatusView,
  listStatusView,
  podStatusTone,
  projectApplicationStatusView,
  type StatusView,
} from '@nuage/shared/status-display';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge } from './status-badge';

const toneClass = {
  green: 'bg-green-100',
  yellow: 'bg-amber-100',
  red: 'bg-red-100',
  grey: 'bg-slate-100',
  blue: 'bg-blue-100',
};

/** Renders the badge and returns the element carrying the colour. */
function badge(view: StatusView) {
  render(<StatusBadge view={view} />);
  return screen.getByText(view.label).closest('span');
}

describe('StatusBadge renders every SPEC §4 mapping with its colour and label', () => {
  it.each([
    ['RUNNING', 'En ligne', 'green'],
    ['DEPLOYED', 'Déployé', 'green'],
    ['HEALTHY', 'Opérationnel', 'green'],
    ['active', 'Actif', 'green'],
    ['FAILED', 'Échec', 'red'],
    ['error', 'Erreur', 'red'],
    ['PENDING', 'En attente', 'yellow'],
    ['BUILDING', 'Construction', 'yellow'],
    ['deploying', 'Déploiement en cours', 'yellow'],
    ['SOMETHING_NEW', 'SOMETHING_NEW', 'yellow'],
  ] as const)('lists: %s → %s, %s', (status, label, tone) => {
    expect(badge(listStatusView(status))).toHaveClass(toneClass[tone]);
    expect(screen.getByText(label)).toBeVisible();
  });

  it.each([
    ['deployed', 'green'],
    ['active', 'green'],
    ['RUNNING', 'green'],
    ['pending', 'yellow'],
    ['building', 'yellow'],
    ['failed', 'red'],
    ['error', 'red'],
    ['DELETING', 'grey'],
    ['inconnu', 'grey'],
  ] as const)('detail screen: %s → %s', (status, tone) => {
    expect(badge(detailStatusView(status))).toHaveClass(toneClass[tone]);
  });

  it.each([
    ['deploye', 'Déployé', 'green'],
    // The server's statuses read as in every other list (one wording, issue 16).
    ['RUNNING', 'En ligne', 'green'],
    ['erreur', 'Erreur', 'red'],
    ['FAILED', 'Échec', 'red'],
    ['en_cours', 'En cours', 'yellow'],
    ['DEPLOYING', 'Déploiement en cours', 'yellow'],
    ['other', 'Statut inconnu', 'grey'],
  ] as const)('project applications: %s → %s, %s', (status, label, tone) => {
    const view = projectApplicationStatusView(status);
    expect(view.label).toBe(label);
    expect(badge(view)).toHaveClass(toneClass[tone]);
  });

  it.each([
    ['success', 'Succès', 'green'],
    ['failed', 'Échoué', 'red'],
    ['running', 'En cours', 'yellow'],
  ] as const)('builds: %s → %s, %s', (status, label, tone) => {
    const view = buildStatusView(status);
    expect(view.label).toBe(label);
    expect(badge(view)).toHaveClass(toneClass[tone]);
  });

  it.each([
    ['Running', 'green'],
    ['Failed', 'red'],
    ['Pending', 'yellow'],
    ['ContainerCreating', 'yellow'],
  ] as const)('pods: %s → %s', (status, tone) => {
    expect(badge({ tone: podStatusTone(status), label: status })).toHaveClass(toneClass[tone]);
  });

  it('environments: ok green, failed red, pending yellow, unknown grey', () => {
    const views = [
      environmentStatusView({ status: 'active', gitlab_config: { created: true } }),
      environmentStatusView({ status: 'failed', gitlab_config: { created: false } }),
      environmentStatusView({ status: 'pending', gitlab_config: { created: false } }),
      environmentStatusView({ status: 'bizarre' }),
    ];
    expect(views.map((v) => `${v.tone} ${v.label}`)).toEqual([
      'green Actif',
      'red Échec',
      'yellow En attente',
      'grey Status inconnu',
    ]);
    render(
      <>
        {views.map((v) => (
          <StatusBadge key={v.label} view={v} />
        ))}
      </>,
    );
    expect(screen.getByText('Status inconnu').closest('span')).toHaveClass('bg-slate-100');
  });
});
