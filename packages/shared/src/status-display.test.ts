import { describe, expect, it } from 'vitest';
import {
  backupStatusView,
  buildStatusView,
  certificateStatusView,
  deploymentStatusLabel,
  detailStatusTone,
  environmentStatusView,
  isActiveStatus,
  isDatabasePod,
  readyReplicas,
  podPartOf,
  isSettledStatus,
  listStatusTone,
  podStatusTone,
  podStatusView,
  projectApplicationStatusView,
  projectHealthView,
} from './status-display';

describe('SPEC §4 deployment status in lists', () => {
  it.each([
    ['RUNNING', 'green'],
    ['DEPLOYED', 'green'],
    ['HEALTHY', 'green'],
    ['FAILED', 'red'],
    ['PENDING', 'yellow'],
    ['BUILDING', 'yellow'],
    ['DEPLOYING', 'yellow'],
    ['DELETING', 'yellow'],
    ['SOMETHING_NEW', 'yellow'],
    // The lowercase variants the lists also handle.
    ['running', 'green'],
    ['deployed', 'green'],
    ['active', 'green'],
    ['failed', 'red'],
    ['error', 'red'],
    ['pending', 'yellow'],
    ['building', 'yellow'],
    ['deploying', 'yellow'],
  ])('%s is %s', (status, tone) => {
    expect(listStatusTone(status)).toBe(tone);
  });

  it('counts only DEPLOYED, RUNNING and HEALTHY as active (SPEC §9)', () => {
    for (const s of ['DEPLOYED', 'RUNNING', 'HEALTHY', 'running'])
      expect(isActiveStatus(s)).toBe(true);
    for (const s of ['PENDING', 'DEPLOYING', 'FAILED', 'DELETING', 'active', '', null]) {
      expect(isActiveStatus(s)).toBe(false);
    }
  });

  it('stops a list refreshing once every application is up or failed', () => {
    for (const s of ['RUNNING', 'DEPLOYED', 'HEALTHY', 'ACTIVE', 'FAILED', 'error'])
      expect(isSettledStatus(s)).toBe(true);
    for (const s of ['PENDING', 'DEPLOYING', 'BUILDING', 'DELETING', 'whatever'])
      expect(isSettledStatus(s)).toBe(false);
  });
});

describe('SPEC §4 deployment status on the detail screen', () => {
  it.each([
    ['deployed', 'green'],
    ['active', 'green'],
    ['DEPLOYED', 'green'],
    ['RUNNING', 'green'],
    ['HEALTHY', 'green'],
    ['pending', 'yellow'],
    ['building', 'yellow'],
    ['PENDING', 'yellow'],
    ['DEPLOYING', 'yellow'],
    ['failed', 'red'],
    ['error', 'red'],
    ['FAILED', 'red'],
    ['DELETING', 'grey'],
    ['mystery', 'grey'],
    [null, 'grey'],
  ])('%s is %s', (status, tone) => {
    expect(detailStatusTone(status)).toBe(tone);
  });

  it('words the engine statuses in French, and shows an unknown value as sent', () => {
    expect(deploymentStatusLabel('RUNNING')).toBe('En ligne');
    expect(deploymentStatusLabel('PENDING')).toBe('En attente');
    expect(deploymentStatusLabel('DEPLOYING')).toBe('Déploiement en cours');
    expect(deploymentStatusLabel('FAILED')).toBe('Échec');
    expect(deploymentStatusLabel('DELETING')).toBe('Suppression en cours');
    expect(deploymentStatusLabel('SUSPENDED')).toBe('Suspendu');
    expect(deploymentStatusLabel('HIBERNATING')).toBe('HIBERNATING');
    expect(deploymentStatusLabel('')).toBe('Statut inconnu');
  });
});

describe('SPEC §4 project applications labels', () => {
  it.each([
    ['deploye', 'green', 'Déployé'],
    // The engine's statuses read as on every other list (one wording everywhere).
    ['RUNNING', 'green', 'En ligne'],
    ['DEPLOYED', 'green', 'Déployé'],
    ['HEALTHY', 'green', 'Opérationnel'],
    ['erreur', 'red', 'Erreur'],
    ['FAILED', 'red', 'Échec'],
    ['en_cours', 'yellow', 'En cours'],
    ['PENDING', 'yellow', 'En attente'],
    ['DEPLOYING', 'yellow', 'Déploiement en cours'],
    ['DELETING', 'yellow', 'Suppression en cours'],
    ['SUSPENDED', 'grey', 'Suspendu'],
    ['other', 'grey', 'Statut inconnu'],
    ['', 'grey', 'Statut inconnu'],
  ])('%s reads %s %s', (status, tone, label) => {
    expect(projectApplicationStatusView(status)).toEqual({ tone, label });
  });
});

describe('SPEC §4 pod, build and environment statuses', () => {
  it.each([
    ['Running', 'green'],
    ['Failed', 'red'],
    ['Pending', 'yellow'],
    ['Succeeded', 'yellow'],
    ['Unknown', 'yellow'],
  ])('pod %s is %s', (status, tone) => {
    expect(podStatusTone(status)).toBe(tone);
  });

  it.each([
    ['Running', 'En cours d’exécution'],
    ['Pending', 'En attente'],
    ['Failed', 'Échec'],
    ['Succeeded', 'Terminé'],
    ['Unknown', 'Inconnu'],
  ])('pod %s reads %s in French', (status, label) => {
    expect(podStatusView(status).label).toBe(label);
  });

  it.each([
    ['success', 'green', 'Succès'],
    ['failed', 'red', 'Échoué'],
    ['running', 'yellow', 'En cours'],
    ['queued', 'grey', "En file d'attente"],
    ['cancelled', 'grey', 'Annulé'],
    ['mystery', 'grey', 'mystery'],
  ])('build %s reads %s %s', (status, tone, label) => {
    expect(buildStatusView(status)).toEqual({ tone, label });
  });

  it('says where a queued build waits, and only for a queued one', () => {
    expect(buildStatusView('queued', 2)).toEqual({
      tone: 'grey',
      label: "En file d'attente (position 2)",
    });
    expect(buildStatusView('running', 2).label).toBe('En cours');
  });

  it.each([
    ['Actif', 'green'],
    ['Expiré', 'red'],
    ['En cours de renouvellement', 'yellow'],
    ['Échec', 'grey'],
  ])('certificate %s reads as stored, %s', (statut, tone) => {
    expect(certificateStatusView(statut)).toEqual({ tone, label: statut });
  });

  it.each([
    ['running', 'blue', 'En cours'],
    ['success', 'green', 'Réussie'],
    ['failed', 'red', 'Échouée'],
  ])('backup %s reads %s %s', (status, tone, label) => {
    expect(backupStatusView(status)).toEqual({ tone, label });
  });

  it('reads a project as its worst application: failure, then work under way, else up', () => {
    expect(projectHealthView({ red: 1, yellow: 2 })).toEqual({ tone: 'red', label: 'Incident' });
    expect(projectHealthView({ red: 0, yellow: 2 })).toEqual({ tone: 'yellow', label: 'En cours' });
    expect(projectHealthView({ red: 0, yellow: 0 })).toEqual({
      tone: 'green',
      label: 'Opérationnel',
    });
  });

  it('reads an environment as ok only when active with its configuration written', () => {
    expect(environmentStatusView({ status: 'active', gitlab_config: { created: true } })).toEqual({
      tone: 'green',
      label: 'Actif',
    });
    expect(
      environmentStatusView({ status: 'active', gitlab_config: { created: false } }).tone,
    ).toBe('yellow');
    expect(
      environmentStatusView({ status: 'pending', gitlab_config: { created: false } }).tone,
    ).toBe('yellow');
    expect(environmentStatusView({ status: 'failed', gitlab_config: { created: false } })).toEqual({
      tone: 'red',
      label: 'Échec',
    });
    expect(environmentStatusView({ status: 'weird' })).toEqual({
      tone: 'grey',
      label: 'Status inconnu',
    });
  });
});

describe('database pods', () => {
  it("tells the database's pod from the application's replicas", () => {
    expect(isDatabasePod('wordpress-boutique-fe4c5f-db-simule-0')).toBe(true);
    expect(isDatabasePod('odoo-erp-1a2b3c-db-0')).toBe(true);
    expect(isDatabasePod('wordpress-boutique-fe4c5f-simule-g1-0')).toBe(false);
    expect(isDatabasePod('wordpress-my-db-site-1a2b3c-simule-g2-1')).toBe(false);
    // Docker: the database container is `<name>-db`.
    expect(isDatabasePod('wordpress-boutique-fe4c5f-db')).toBe(true);
  });

  it("counts the replicas running and ready, not the database's pod", () => {
    const pod = (name: string, status: string, ready: boolean) => ({ name, status, ready });
    expect(
      readyReplicas([
        pod('site-simule-g1-0', 'Running', true),
        pod('site-simule-g1-1', 'Pending', false),
        pod('site-simule-g1-2', 'Running', false),
        pod('site-db-simule-0', 'Running', true),
      ]),
    ).toBe(1);
    expect(readyReplicas([])).toBe(0);
  });

  it('names the part each pod runs, and no database where the application has none', () => {
    expect(podPartOf('wordpress-boutique-fe4c5f-db', true)).toBe('database');
    expect(podPartOf('wordpress-boutique-fe4c5f-setup', true)).toBe('setup');
    expect(podPartOf('wordpress-boutique-fe4c5f-1', true)).toBe('application');
    // A Node.js application has no database, whatever its pods are called.
    expect(podPartOf('api-db-simule-0', false)).toBe('application');
  });
});
