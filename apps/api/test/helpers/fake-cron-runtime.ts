import type {
  ScheduledTaskRun,
  TaskRunOutcome,
  TaskRunRequest,
  TaskSchedule,
} from '../../src/engine/driver';
import type { ApplicationRef, ApplicationSpec } from '../../src/engine/spec';
import { FakeRuntime } from './fake-runtime';

interface FakeScheduledJob extends ScheduledTaskRun {
  deploymentId: string;
  lines: string[];
  outcome: TaskRunOutcome;
}

/**
 * FakeRuntime that schedules runs itself, as the Kubernetes driver does with CronJobs
 * (driver.ts syncTaskSchedules): the schedules handed over are kept per application, and a
 * test starts a scheduled Job (`startJob`) the way the cluster would at a slot.
 */
export class FakeCronRuntime extends FakeRuntime {
  /** Every hand-over: the application, the image its runs would get, the tasks. */
  readonly syncs: { deploymentId: string; image: string; tasks: TaskSchedule[] }[] = [];
  readonly jobs: FakeScheduledJob[] = [];
  /** How many times a scheduled Job was followed (by any process). */
  follows = 0;

  async syncTaskSchedules(spec: ApplicationSpec, tasks: TaskSchedule[]): Promise<void> {
    this.syncs.push({ deploymentId: spec.deploymentId, image: spec.app.image, tasks });
  }

  /** The latest tasks handed over for the application. */
  schedulesOf(deploymentId: string): TaskSchedule[] | undefined {
    return this.syncs.filter((s) => s.deploymentId === deploymentId).at(-1)?.tasks;
  }

  startJob(job: Omit<FakeScheduledJob, 'runName'>): void {
    this.jobs.push({ ...job, runName: `job-${Math.floor(job.scheduledAt.getTime() / 60_000)}` });
  }

  async scheduledTaskRuns(ref: ApplicationRef): Promise<ScheduledTaskRun[]> {
    return this.jobs
      .filter((j) => j.deploymentId === ref.deploymentId)
      .map(({ taskId, runName, scheduledAt }) => ({ taskId, runName, scheduledAt }));
  }

  async followScheduledTaskRun(
    ref: ApplicationRef,
    run: ScheduledTaskRun,
    request: Omit<TaskRunRequest, 'command' | 'timeoutSeconds'>,
  ): Promise<TaskRunOutcome> {
    this.follows++;
    const job = this.jobs.find(
      (j) => j.deploymentId === ref.deploymentId && j.runName === run.runName,
    );
    if (!job) throw new Error(`no scheduled Job ${run.runName}`);
    for (const line of job.lines) request.onLine(line);
    return job.outcome;
  }
}
