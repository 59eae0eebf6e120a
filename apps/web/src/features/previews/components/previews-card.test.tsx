import type { GitTokenSummary } from '@nuage/shared/build-types';
import { codeAppTexts } from '@nuage/shared/code-app-texts';
import {
  previewErrorTexts,
  previewEventTexts,
  previewWebTexts as t,
} from '@nuage/shared/messages/previews';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPreview, buildPreviews } from '@/test/preview-fixtures';
import { buildUser, renderRoute } from '@/test/render';
import { expectToast, toastTexts } from '@/test/toasts';
import { PreviewsCard } from './previews-card';

const LIST = '/deployments/dep-1/previews';
const tokens: GitTokenSummary[] = [
  { id: 'tok-1', nom: 'Jeton CI', created_at: '2025-01-01T00:00:00.000Z', last_used_at: null },
];

function show({
  canManage = true,
  isProjectAdmin = true,
  data = buildPreviews(),
}: {
  canManage?: boolean;
  isProjectAdmin?: boolean;
  data?: ReturnType<typeof buildPreviews>;
} = {}) {
  const view = renderRoute(
    <PreviewsCard
      deploymentId="dep-1"
      projectId="proj-1"
      canManage={canManage}
      isProjectAdmin={isProjectAdmin}
    />,
    { user: buildUser() },
  );
  view.api
    .on('GET', LIST, { body: data })
    .on('GET', '/projects/proj-1/git-tokens', { body: tokens });
  return view;
}

const card = () => screen.findByRole('region', { name: t.cardTitle });
const item = (title: string) => screen.findByRole('listitem', { name: title });
const badge = (within_: HTMLElement, label: string) =>
  within(within_).getByText(label).closest('span');

afterEach(() => {
  vi.useRealTimers();
});

const fork = buildPreview({
  id: 'prev-14',
  numero_pr: 14,
  titre: 'Traduction wolof',
  url_pr: 'https://github.com/contributeur/api-commandes/pull/14',
  branche: 'wolof',
  depuis_fork: true,
  approuve: false,
  etat: 'building',
  url: null,
  application_id: null,
  cout_mensuel_xof: null,
});

describe('« Aperçus des pull requests »', () => {
  it('shows the settings and each preview: pull request, state, branch, commit, age, cost, address, application', async () => {
    show({
      data: buildPreviews({
        ouverts_dans_le_projet: 4,
        apercus: [
          buildPreview(),
          buildPreview({
            id: 'prev-13',
            numero_pr: 13,
            titre: 'Paiement mobile',
            etat: 'failed',
            message: 'La commande « npm run build » a échoué (code 1).',
          }),
          fork,
          buildPreview({
            id: 'prev-15',
            numero_pr: 15,
            titre: 'Ancienne page',
            etat: 'closing',
            suppression_prevue: '2030-05-04T10:00:00.000Z',
          }),
        ],
      }),
    });
    const region = await card();
    expect(badge(region, t.on)).toHaveClass('bg-green-100');
    expect(region).toHaveTextContent(`${t.sizeLabel}0,25 CPU · 0,5 Go`);
    expect(region).toHaveTextContent(t.deletionAtOnce);
    expect(region).toHaveTextContent('4 / 5 aperçus ouverts dans le projet');
    expect(region).toHaveTextContent(t.webhookHint);

    const ready = await item('n° 12 Ajoute le panier');
    expect(within(ready).getByRole('link', { name: 'n° 12 Ajoute le panier' })).toHaveAttribute(
      'href',
      'https://github.com/boutique/api-commandes/pull/12',
    );
    expect(badge(ready, 'Prêt')).toHaveClass('bg-green-100');
    expect(ready).toHaveTextContent('feature/panier');
    expect(ready).toHaveTextContent('9f8e7d6');
    expect(ready).not.toHaveTextContent('9f8e7d6c');
    expect(within(ready).getByText('il y a 2 h')).toBeVisible();
    expect(ready).toHaveTextContent(/3\s275 XOF \/ mois/);
    expect(
      within(ready).getByRole('link', { name: 'https://api-commandes-pr-12.apps.nuage.sn' }),
    ).toHaveAttribute('href', 'https://api-commandes-pr-12.apps.nuage.sn');
    expect(
      within(ready).getByRole('link', { name: 'Ouvrir l’application de l’aperçu n° 12' }),
    ).toHaveAttribute('href', '/deployment/app-pr-12');
    expect(within(ready).queryByText(t.fork)).toBeNull();
    expect(within(ready).queryByRole('button', { name: t.approve })).toBeNull();

    const failed = await item('n° 13 Paiement mobile');
    expect(badge(failed, 'Échec')).toHaveClass('bg-red-100');
    expect(failed).toHaveTextContent('La commande « npm run build » a échoué (code 1).');

    const fromFork = await item('n° 14 Traduction wolof');
    expect(badge(fromFork, 'En construction')).toHaveClass('bg-amber-100');
    expect(within(fromFork).getByText(t.fork)).toBeVisible();
    expect(fromFork).toHaveTextContent(t.forkPending);
    expect(within(fromFork).getByRole('button', { name: t.approve })).toBeVisible();
    // No application yet: no link to it, no address, no cost.
    expect(within(fromFork).queryByRole('link', { name: /Ouvrir l’application/ })).toBeNull();
    expect(fromFork).not.toHaveTextContent('XOF');

    const closing = await item('n° 15 Ancienne page');
    expect(badge(closing, 'Suppression')).toHaveClass('bg-slate-100');
    expect(closing).toHaveTextContent('Suppression prévue le 4 mai 2030');
  });

  it('says how to get a first preview when there is none', async () => {
    show({ data: buildPreviews({ apercus: [], ouverts_dans_le_projet: 0 }) });
    const region = await card();
    expect(within(region).getByText(t.empty)).toBeVisible();
    expect(region).toHaveTextContent('0 / 5 aperçus ouverts dans le projet');
    expect(within(region).queryByRole('list', { name: t.listLabel })).toBeNull();
  });

  it('offers « Supprimer » to developers, « Configurer » and « Approuver » to admins only, nothing to users', async () => {
    const data = buildPreviews({ apercus: [fork] });
    const developer = show({ isProjectAdmin: false, data });
    let row = await item('n° 14 Traduction wolof');
    expect(within(row).getByRole('button', { name: 'Supprimer l’aperçu n° 14' })).toBeVisible();
    expect(within(row).queryByRole('button', { name: t.approve })).toBeNull();
    expect(screen.queryByRole('button', { name: t.configure })).toBeNull();
    developer.unmount();

    show({ canManage: false, isProjectAdmin: false, data });
    row = await item('n° 14 Traduction wolof');
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: t.configure })).toBeNull();
  });

  it('lists which branch each environment follows, linking to the other environments’ applications', async () => {
    show();
    const list = await screen.findByRole('list', { name: t.trackedTitle });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      `main→${t.trackedHere('Production')}`,
      `develop→${t.trackedElsewhere('Recette', 'api')}`,
    ]);
    expect(within(items[1]!).getByRole('link')).toHaveAttribute('href', '/deployment/dep-2');
    expect(within(items[0]!).queryByRole('link')).toBeNull();
  });

  it('« Relancer » a preview stopped idle, with the reason it stopped', async () => {
    const stopped = buildPreview({
      etat: 'stopped',
      application_id: null,
      environnement_id: null,
      url: null,
      cout_mensuel_xof: null,
      message: 'Aperçu de la pull request n° 12 arrêté : aucune requête depuis 2 h.',
    });
    const { user, api } = show({ data: buildPreviews({ apercus: [stopped] }) });
    api.on('POST', `/previews/${stopped.id}/start`, { body: { ...stopped, etat: 'building' } });
    const row = await item(`n° ${stopped.numero_pr} ${stopped.titre}`);
    expect(row).toHaveTextContent('Arrêté');
    expect(row).toHaveTextContent('aucune requête depuis 2 h');
    await user.click(within(row).getByRole('button', { name: t.restartLabel(stopped.numero_pr) }));
    await expectToast(previewEventTexts.restarted(stopped.numero_pr));
    expect(api.callsTo('POST', `/previews/${stopped.id}/start`)).toHaveLength(1);
  });

  it('sends the settings as the API takes them; a stored secret is never shown and is kept', async () => {
    const data = buildPreviews();
    data.parametres.variables = [
      { name: 'API_KEY', value: null, secret: true },
      { name: 'FEATURE', value: 'off', secret: false },
    ];
    const { user, api } = show({ data });
    const saved = buildPreviews({
      parametres: {
        ...data.parametres,
        cpu: 0.5,
        ram: 1,
        delai_suppression_minutes: 30,
        arret_inactivite_heures: 12,
        bases_de_donnees: 'sauvegarde',
      },
    });
    api.on('PUT', LIST, { body: saved });

    await user.click(await screen.findByRole('button', { name: t.configure }));
    const dialog = await screen.findByRole('dialog', { name: t.formTitle });
    expect(within(dialog).getByRole('switch', { name: t.enable })).toBeChecked();
    expect(dialog).toHaveTextContent(t.webhookHint);
    const secret = within(dialog).getByLabelText('Valeur de la variable 1');
    expect(secret).toHaveValue('');
    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveAttribute('placeholder', codeAppTexts.keepSecret);

    const retype = async (label: string, text: string) => {
      const input = within(dialog).getByLabelText(label);
      await user.clear(input);
      if (text) await user.type(input, text);
    };
    await retype(t.cpuLabel, '0.5');
    await retype(t.ramLabel, '1');
    await retype(t.deletionDelayLabel, '30');
    await retype(t.idleLabel, '12');
    const databases = within(dialog).getByLabelText(t.databasesLabel);
    expect(databases).toHaveDisplayValue(t.databaseModes.vide);
    await user.selectOptions(databases, t.databaseModes.sauvegarde);
    await retype('Valeur de la variable 2', 'on');
    await user.click(within(dialog).getByRole('button', { name: t.addVariable }));
    await user.type(within(dialog).getByLabelText('Nom de la variable 3'), 'DEBUG');
    await user.type(within(dialog).getByLabelText('Valeur de la variable 3'), '1');
    await retype(t.apiUrlLabel, 'https://gitlab.example.com/api/v4');
    const token = within(dialog).getByLabelText(t.statusTokenLabel);
    expect(token).toHaveDisplayValue(t.statusTokenDefault);
    await user.selectOptions(token, 'Jeton CI');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await expectToast(t.saved);
    expect(api.callsTo('PUT', LIST).map((c) => c.body)).toEqual([
      {
        actif: true,
        cpu: 0.5,
        ram: 1,
        delai_suppression_minutes: 30,
        arret_inactivite_heures: 12,
        bases_de_donnees: 'sauvegarde',
        variables: [
          { name: 'API_KEY', secret: true },
          { name: 'FEATURE', value: 'on', secret: false },
          { name: 'DEBUG', value: '1', secret: false },
        ],
        api_url: 'https://gitlab.example.com/api/v4',
        jeton_statut_id: 'tok-1',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const region = await card();
    expect(region).toHaveTextContent('0,5 CPU · 1 Go');
    expect(region).toHaveTextContent(t.deletionAfter(30));
    expect(region).toHaveTextContent(t.databaseModes.sauvegarde);
    expect(region).toHaveTextContent(t.idleAfter(12));
  });

  it('refuses a wrong deletion delay before sending, and shows the API’s field error at its field', async () => {
    const { user, api } = show();
    api.on('PUT', LIST, {
      status: 422,
      body: {
        detail: [
          {
            loc: ['body', 'jeton_statut_id'],
            msg: previewErrorTexts.statusTokenUnknown,
            type: 'x',
          },
        ],
      },
    });
    await user.click(await screen.findByRole('button', { name: t.configure }));
    const dialog = await screen.findByRole('dialog', { name: t.formTitle });
    const delay = within(dialog).getByLabelText(t.deletionDelayLabel);
    await user.clear(delay);
    await user.type(delay, '20000');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(delay).toHaveAccessibleDescription(previewErrorTexts.delayInvalid);
    expect(api.callsTo('PUT', LIST)).toHaveLength(0);

    await user.clear(delay);
    await user.type(delay, '60');
    const token = within(dialog).getByLabelText(t.statusTokenLabel);
    await user.selectOptions(token, 'Jeton CI');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(token).toHaveAccessibleDescription(previewErrorTexts.statusTokenUnknown),
    );
    expect(api.callsTo('PUT', LIST)).toHaveLength(1);
    expect(delay).toHaveAccessibleDescription(t.deletionDelayHint);
    expect(screen.getByRole('dialog', { name: t.formTitle })).toBeVisible();
  });

  it('approves a fork’s preview once the admin confirms', async () => {
    const { user, api } = show({ data: buildPreviews({ apercus: [fork] }) });
    api.on('POST', '/previews/prev-14/approve', {
      body: { ...fork, approuve: true },
    });
    await user.click(
      within(await item('n° 14 Traduction wolof')).getByRole('button', { name: t.approve }),
    );
    const dialog = await screen.findByRole('dialog', { name: t.approveTitle });
    expect(dialog).toHaveTextContent(t.approveBody(14));
    expect(api.callsTo('POST', '/previews/prev-14/approve')).toHaveLength(0);
    api.on('GET', LIST, {
      body: buildPreviews({ apercus: [{ ...fork, approuve: true }] }),
    });
    await user.click(within(dialog).getByRole('button', { name: t.approve }));
    await expectToast(previewEventTexts.approved(14));
    expect(api.callsTo('POST', '/previews/prev-14/approve')).toHaveLength(1);
    await waitFor(() =>
      expect(
        within(screen.getByRole('listitem', { name: 'n° 14 Traduction wolof' })).queryByRole(
          'button',
          { name: t.approve },
        ),
      ).toBeNull(),
    );
  });

  it('deletes a preview now once the developer confirms', async () => {
    const { user, api } = show({ isProjectAdmin: false });
    api.on('DELETE', '/previews/prev-12', { status: 204 });
    await user.click(
      within(await item('n° 12 Ajoute le panier')).getByRole('button', {
        name: 'Supprimer l’aperçu n° 12',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: t.deleteTitle });
    expect(dialog).toHaveTextContent(t.deleteBody(12));
    api.on('GET', LIST, { body: buildPreviews({ apercus: [], ouverts_dans_le_projet: 0 }) });
    await user.click(within(dialog).getByRole('button', { name: t.delete }));
    await expectToast(previewEventTexts.deleted(12));
    expect(api.callsTo('DELETE', '/previews/prev-12')).toHaveLength(1);
    expect(await screen.findByText(t.empty)).toBeVisible();
  });

  it('is not shown for an application that cannot have previews, and says nothing about it', async () => {
    const { api } = show();
    api.on('GET', LIST, { status: 409, body: { detail: previewErrorTexts.isPreview } });
    await waitFor(() => expect(api.callsTo('GET', LIST)).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('region', { name: t.cardTitle })).toBeNull();
    expect(toastTexts()).toEqual([]);
  });

  it('reads the list every 3 s while a preview builds, then stops hurrying', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { api } = show({
      data: buildPreviews({ apercus: [buildPreview({ etat: 'building', url: null })] }),
    });
    const row = await item('n° 12 Ajoute le panier');
    expect(within(row).getByText('En construction')).toBeVisible();
    api.on('GET', LIST, { body: buildPreviews() });
    act(() => void vi.advanceTimersByTime(3000));
    await waitFor(() => expect(api.callsTo('GET', LIST)).toHaveLength(2));
    expect(await within(await item('n° 12 Ajoute le panier')).findByText('Prêt')).toBeVisible();
    act(() => void vi.advanceTimersByTime(10_000));
    expect(api.callsTo('GET', LIST)).toHaveLength(2);
  });
});
