import { describe, expect, it } from 'vitest';
import type { TaskSchedule } from '../driver';
import { makeSpec } from '../../../test/engine/manifests/test-fixtures';
import { TASK_LABEL, renderTaskCronJob, taskCronJobName } from './task-cronjob';
import { renderTaskJob } from './task-job';
import { validateObject } from './validate';

/**
 * Scheduled tasks on Kubernetes (issue 29): one CronJob per task whose jobTemplate is the Job
 * the platform creates for « Exécuter maintenant » and commands (task-pod.ts shared by both).
 */
const render = { appsDomain: 'apps.exemple.sn' };
const task: TaskSchedule = {
  taskId: '3c5e7a9b-1d2f-4a6b-8c0d-2e4f6a8b0c1d',
  command: 'php artisan rapport:nuit && echo "$HOME"',
  schedule: '30 2 * * 1-5',
  timeZone: 'Africa/Abidjan',
  timeoutSeconds: 900,
  concurrency: 'ignorer',
  enabled: true,
};

describe('the CronJob of a scheduled task', () => {
  it('runs the task’s schedule in its time zone, skipping a slot while the previous run goes', () => {
    const spec = makeSpec({ template: 'wordpress' });
    const cron = renderTaskCronJob(spec, task, render);
    validateObject(cron);
    expect(cron.metadata.namespace).toBe(spec.namespace);
    expect(cron.spec).toMatchObject({
      schedule: '30 2 * * 1-5',
      timeZone: 'Africa/Abidjan',
      concurrencyPolicy: 'Forbid',
      suspend: false,
      successfulJobsHistoryLimit: 3,
      failedJobsHistoryLimit: 3,
    });
    // A slot missed by more than 5 minutes is not started late (nor many of them at once).
    expect(cron.spec!.startingDeadlineSeconds).toBe(300);
    expect(
      renderTaskCronJob(spec, { ...task, concurrency: 'autoriser' }, render).spec!
        .concurrencyPolicy,
    ).toBe('Allow');
  });

  it('is suspended while the task is disabled', () => {
    const cron = renderTaskCronJob(
      makeSpec({ template: 'odoo' }),
      { ...task, enabled: false },
      render,
    );
    expect(cron.spec!.suspend).toBe(true);
  });

  it('starts the very Job a platform-started run gets: same pod, timeout, no retry', () => {
    const spec = makeSpec({ template: 'wordpress' });
    const cron = renderTaskCronJob(spec, task, render);
    const job = renderTaskJob(
      spec,
      { runId: 'r1', command: task.command, timeoutSeconds: 900 },
      render,
    );
    const template = cron.spec!.jobTemplate.spec!;
    const { [TASK_LABEL]: taskLabel, ...cronLabels } = template.template.metadata!.labels!;
    const { 'nuagedeploy.io/task-run': _run, ...jobLabels } = job.spec!.template.metadata!.labels!;
    expect(taskLabel).toBe(task.taskId);
    expect(cronLabels).toEqual(jobLabels);
    expect(template.template.spec).toEqual(job.spec!.template.spec);
    expect(template.template.spec!.containers[0]!.args).toEqual([
      '/bin/sh',
      '-c',
      'php artisan rapport:nuit && echo "$$HOME"',
    ]);
    expect(template).toMatchObject({ backoffLimit: 0, activeDeadlineSeconds: 900 });
    expect(template.ttlSecondsAfterFinished).toBeGreaterThanOrEqual(3600);
    // The Jobs it creates carry the task (the platform finds and records them by it).
    expect(cron.spec!.jobTemplate.metadata!.labels![TASK_LABEL]).toBe(task.taskId);
    expect(cron.metadata.labels!['app.kubernetes.io/component']).toBe('task');
  });

  it('has a name Kubernetes accepts for a CronJob (≤ 52 characters) even for a long application name', () => {
    const spec = { ...makeSpec({ template: 'wordpress' }), name: 'a'.repeat(63) };
    const name = taskCronJobName(spec, task.taskId);
    expect(name.length).toBeLessThanOrEqual(52);
    expect(name).toMatch(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
    expect(taskCronJobName(spec, 'ffffffff-1d2f-4a6b-8c0d-2e4f6a8b0c1d')).not.toBe(name);
  });
});
