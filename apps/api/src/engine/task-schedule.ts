/** What runtimes that schedule task runs themselves exchange with the platform (driver.ts). */

/** A scheduled task as runtimes that schedule runs themselves receive it (Kubernetes CronJobs). */
export interface TaskSchedule {
  taskId: string;
  command: string;
  /** Five cron fields, in `timeZone` (an IANA name). */
  schedule: string;
  timeZone: string;
  timeoutSeconds: number;
  /** ignorer: a slot is skipped while the previous run goes on; autoriser: runs may overlap. */
  concurrency: 'ignorer' | 'autoriser';
  /** A disabled task keeps its object, suspended. */
  enabled: boolean;
}

/** A run a runtime started by itself for a scheduled task (a Job of a CronJob). */
export interface ScheduledTaskRun {
  taskId: string;
  /** The runtime's name of the run (the Job's), unique for the task. */
  runName: string;
  /** The slot it runs for: with the task, what makes the platform's record unique. */
  scheduledAt: Date;
}
