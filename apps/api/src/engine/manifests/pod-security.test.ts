import { applicationTemplateOf, saasTemplateIds, templateOf } from '@nuage/shared/catalog';
import { describe, expect, it } from 'vitest';
import { applicationSecurity, databaseSecurity, securityProfileOf } from '../templates/security';
import { renderApplication } from './application';
import { renderTaskCronJob } from './task-cronjob';
import { renderTaskJob } from './task-job';
import { validateObject } from './validate';
import { makeSpec, VARIANTS } from '../../../test/engine/manifests/test-fixtures';
import type { Container, PodSpec } from './types';

/**
 * The Pod Security Standards as the API server's admission checks them (kubernetes.io/docs/
 * concepts/security/pod-security-standards), for what the platform renders: namespaces enforce
 * `baseline` (every pod must pass) and warn/audit `restricted` (each pod passes or is listed
 * below with the reason it cannot).
 */
const BASELINE_CAPABILITIES = new Set([
  'AUDIT_WRITE',
  'CHOWN',
  'DAC_OVERRIDE',
  'FOWNER',
  'FSETID',
  'KILL',
  'MKNOD',
  'NET_BIND_SERVICE',
  'SETFCAP',
  'SETGID',
  'SETPCAP',
  'SETUID',
  'SYS_CHROOT',
]);
const RESTRICTED_VOLUMES = [
  'configMap',
  'csi',
  'downwardAPI',
  'emptyDir',
  'ephemeral',
  'persistentVolumeClaim',
  'projected',
  'secret',
];

const containersOf = (pod: PodSpec): Container[] => [
  ...(pod.initContainers ?? []),
  ...pod.containers,
];

function baselineViolations(pod: PodSpec): string[] {
  const out: string[] = [];
  if (pod.hostNetwork || pod.hostPID || pod.hostIPC) out.push('host namespaces');
  for (const v of pod.volumes ?? []) if (v.hostPath) out.push(`hostPath volume ${v.name}`);
  for (const c of containersOf(pod)) {
    if (c.securityContext?.privileged) out.push(`${c.name}: privileged`);
    for (const cap of c.securityContext?.capabilities?.add ?? [])
      if (!BASELINE_CAPABILITIES.has(cap)) out.push(`${c.name}: capability ${cap}`);
    if (c.ports?.some((p) => p.hostPort)) out.push(`${c.name}: hostPort`);
    const seccomp = c.securityContext?.seccompProfile?.type;
    if (seccomp === 'Unconfined') out.push(`${c.name}: seccomp Unconfined`);
  }
  return out;
}

function restrictedViolations(pod: PodSpec): string[] {
  const out = baselineViolations(pod);
  for (const v of pod.volumes ?? []) {
    if (!RESTRICTED_VOLUMES.some((type) => type in v)) out.push(`volume type of ${v.name}`);
  }
  const podSeccomp = pod.securityContext?.seccompProfile?.type;
  for (const c of containersOf(pod)) {
    const sc = c.securityContext ?? {};
    if (sc.allowPrivilegeEscalation !== false) out.push(`${c.name}: allowPrivilegeEscalation`);
    if ((sc.runAsNonRoot ?? pod.securityContext?.runAsNonRoot) !== true)
      out.push(`${c.name}: runAsNonRoot`);
    if ((sc.runAsUser ?? pod.securityContext?.runAsUser) === 0) out.push(`${c.name}: runAsUser 0`);
    const seccomp = sc.seccompProfile?.type ?? podSeccomp;
    if (seccomp !== 'RuntimeDefault' && seccomp !== 'Localhost') out.push(`${c.name}: seccomp`);
    if (!sc.capabilities?.drop?.includes('ALL')) out.push(`${c.name}: capabilities not dropped`);
    for (const cap of sc.capabilities?.add ?? [])
      if (cap !== 'NET_BIND_SERVICE') out.push(`${c.name}: capability ${cap}`);
  }
  return out;
}

/**
 * Pods that cannot pass `restricted`, and why: their images' entrypoints start as root and
 * need capabilities beyond NET_BIND_SERVICE (templates/security.ts documents each).
 */
const RESTRICTED_EXCEPTIONS: Record<string, string> = {
  ...Object.fromEntries(
    // The images whose entrypoint starts as root (the Apache ones: WordPress, Joomla, Drupal,
    // Nextcloud, Matomo, Dolibarr, PrestaShop; Listmonk, Metabase, Vaultwarden).
    saasTemplateIds
      .filter((id) => applicationSecurity[id].runAsUser === null)
      .flatMap((id) => [
        [`${id}/app`, applicationSecurity[id].reason],
        // A task run is the application's pod template (task-job.ts): the same reason.
        [`${id}/task`, applicationSecurity[id].reason],
        [`${id}/cronjob`, applicationSecurity[id].reason],
      ]),
  ),
  ...Object.fromEntries(
    // A setup task run by an entrypoint that starts as root (Redmine's: `rails runner` behind
    // its entrypoint, which owns the files and drops to its redmine user).
    saasTemplateIds.flatMap((id) => {
      const setup = applicationTemplateOf[id].setup?.security;
      const profile = setup ? securityProfileOf(setup) : null;
      return profile && profile.runAsUser === null ? [[`${id}/setup`, profile.reason]] : [];
    }),
  ),
  ...Object.fromEntries(
    saasTemplateIds.map((id) => {
      const engine = templateOf(id).database.engine;
      return [`${id}/database`, databaseSecurity[engine].reason];
    }),
  ),
};

function podsOf(template: (typeof saasTemplateIds)[number]) {
  const spec = makeSpec({ template, variant: VARIANTS[0] });
  const pods: [key: string, pod: PodSpec][] = [];
  for (const o of renderApplication(spec, { appsDomain: 'apps.exemple.sn' })) {
    if (o.kind === 'Deployment') pods.push([`${template}/app`, o.spec!.template.spec!]);
    if (o.kind === 'StatefulSet') pods.push([`${template}/database`, o.spec!.template.spec!]);
    if (o.kind === 'Job') pods.push([`${template}/setup`, o.spec!.template.spec!]);
  }
  // A task run or one-off command (issue 29), validated against the Kubernetes schemas too.
  const run = {
    runId: '7e4b2f1a-0c3d-4e5f-8a9b-1c2d3e4f5a6b',
    command: 'echo ok',
    timeoutSeconds: 60,
  };
  const task = renderTaskJob(spec, run, { appsDomain: 'apps.exemple.sn' });
  validateObject(task);
  pods.push([`${template}/task`, task.spec!.template.spec!]);
  // A scheduled task's CronJob (issue 29): the pods its Jobs create.
  const cron = renderTaskCronJob(
    spec,
    {
      taskId: run.runId,
      command: 'echo nuit',
      schedule: '0 2 * * *',
      timeZone: 'Africa/Abidjan',
      timeoutSeconds: 600,
      concurrency: 'ignorer',
      enabled: true,
    },
    { appsDomain: 'apps.exemple.sn' },
  );
  validateObject(cron);
  pods.push([`${template}/cronjob`, cron.spec!.jobTemplate.spec!.template.spec!]);
  return pods;
}

describe('Pod Security Standards of every rendered pod', () => {
  const all = saasTemplateIds.flatMap(podsOf);

  it('every pod passes `baseline`, which the namespaces enforce', () => {
    for (const [key, pod] of all) expect(baselineViolations(pod), key).toEqual([]);
  });

  it('every pod passes `restricted` or is listed with the reason it cannot', () => {
    const failing: Record<string, string[]> = {};
    for (const [key, pod] of all) {
      const violations = restrictedViolations(pod);
      if (violations.length > 0) failing[key] = violations;
    }
    // The listed pods, exactly: one that starts passing (or failing) must update the list.
    expect(Object.keys(failing).sort()).toEqual(Object.keys(RESTRICTED_EXCEPTIONS).sort());
    for (const [key, reason] of Object.entries(RESTRICTED_EXCEPTIONS)) {
      expect(reason.length, key).toBeGreaterThan(20);
      // Only what running as root at start implies: never privilege escalation or seccomp.
      for (const v of failing[key] ?? [])
        expect(v, key).toMatch(
          /runAsNonRoot|capability (CHOWN|DAC_OVERRIDE|FOWNER|SETGID|SETUID|KILL)/,
        );
    }
  });

  it('hardens every container: seccomp RuntimeDefault, no escalation, capabilities dropped', () => {
    for (const [key, pod] of all) {
      expect(pod.securityContext?.seccompProfile?.type, key).toBe('RuntimeDefault');
      for (const c of containersOf(pod)) {
        expect(c.securityContext?.allowPrivilegeEscalation, `${key} ${c.name}`).toBe(false);
        expect(c.securityContext?.capabilities?.drop, `${key} ${c.name}`).toEqual(['ALL']);
      }
    }
  });

  it('the setup job runs as the files’ owner without fsGroup (which would re-own the volume)', () => {
    const setup = all.find(([key]) => key === 'wordpress/setup')![1];
    expect(setup.securityContext).toEqual({
      seccompProfile: { type: 'RuntimeDefault' },
      runAsNonRoot: true,
      runAsUser: 33,
      runAsGroup: 33,
    });
  });

  it('slow starters get a startup probe (Odoo, Nextcloud), the others none', () => {
    for (const [key, pod] of all.filter(([k]) => k.endsWith('/app'))) {
      const id = key.slice(0, key.indexOf('/')) as (typeof saasTemplateIds)[number];
      const slow = applicationTemplateOf[id].health.livenessDelaySeconds >= 120;
      if (id === 'odoo' || id === 'nextcloud') expect(slow, key).toBe(true);
      const startup = pod.containers[0]!.startupProbe;
      if (slow) expect(startup?.failureThreshold, key).toBeGreaterThanOrEqual(60);
      else expect(startup, key).toBeUndefined();
    }
  });
});
