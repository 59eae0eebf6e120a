import { cronTexts } from '@nuage/shared/messages/tasks';
import type { TaskRun, TasksOfApplication } from '@nuage/shared/schemas/responses/tasks';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, renderRoute } from '@/test/render';
import { TasksCard } from './tasks-card';

const run: TaskRun = {
  id: 'run-1',
  tache_id: 'task-1',
  application_id: 'dep-1',
  commande: 'php artisan rapport',
  declencheur: 'schedule',
  statut: 'failed',
  prevue_a: '2026-03-10T02:00:00.000Z',
  date_debut: '2026-03-10T02:00:01.000Z',
  date_fin: '2026-03-10T02:00:05.200Z',
  duree_secondes: 4.2,
  code_sortie: 2,
  erreur: 'La commande s’est terminée avec le code 2.',
  simulee: false,
  lignes_journal: 3,
};

const data: TasksOfApplication = {
  taches: [
    {
      id: 'task-1',
      application_id: 'dep-1',
      nom: 'Rapport nocturne',
      commande: 'php artisan rapport',
      planification: '0 2 * * *',
      planification_texte: 'tous les jours à 02:00',
      fuseau_horaire: 'Africa/Abidjan',
      delai_max_secondes: 3600,
      politique_concurrence: 'ignorer',
      actif: true,
      prochaine_execution: '2026-03-11T02:00:00.000Z',
      derniere_execution: run,
      date_creation: '2026-03-01T10:00:00.000Z',
    },
  ],
  executions: [run],
  executions_simultanees_max: 3,
};

function show(canManage: boolean) {
  const view = renderRoute(<TasksCard deploymentId="dep-1" canManage={canManage} />, {
    user: buildUser(),
  });
  view.api.on('GET', '/deployments/dep-1/tasks', { body: data });
  return view;
}

describe('« Tâches planifiées »', () => {
  it('lists the tasks with their schedule in French and the runs with status, duration and exit code', async () => {
    show(true);
    const task = await screen.findByRole('listitem', { name: 'Tâche Rapport nocturne' });
    expect(within(task).getByText(/tous les jours à 02:00/)).toBeInTheDocument();
    const runs = screen.getByRole('list', { name: 'Dernières exécutions' });
    expect(within(runs).getByText('Échouée')).toBeInTheDocument();
    expect(within(runs).getByText('4,2 s · code 2')).toBeInTheDocument();
    expect(
      within(runs).getByText('La commande s’est terminée avec le code 2.'),
    ).toBeInTheDocument();
  });

  it('reads the schedule in French as it is typed, and refuses a wrong one in French', async () => {
    const { user, api } = show(true);
    await user.click(await screen.findByRole('button', { name: 'Nouvelle tâche' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle tâche planifiée' });
    const schedule = within(dialog).getByLabelText('Planification (cron, 5 champs)');
    await user.clear(schedule);
    await user.type(schedule, '30 8 * * 1');
    expect(within(dialog).getByTestId('schedule-preview')).toHaveTextContent(
      'le lundi à 08:30 (fuseau Africa/Abidjan)',
    );
    await user.clear(schedule);
    await user.type(schedule, '*/5 * *');
    expect(within(dialog).getByTestId('schedule-preview')).toHaveTextContent(cronTexts.fieldCount);
    await user.type(within(dialog).getByLabelText('Nom'), 'Purge');
    await user.type(within(dialog).getByLabelText('Commande'), 'rm -rf /tmp/cache');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    // Refused before any call, with the parser's message under the field.
    expect(within(dialog).getAllByText(cronTexts.fieldCount)).toHaveLength(2);
    expect(api.callsTo('POST', '/deployments/dep-1/tasks')).toHaveLength(0);
  });

  it('offers members with the user role the list only: no command, no run, no log', async () => {
    show(false);
    await screen.findByRole('listitem', { name: 'Tâche Rapport nocturne' });
    expect(screen.queryByRole('button', { name: 'Exécuter une commande' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Exécuter maintenant' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Journal' })).toBeNull();
  });
});
