import type { Config } from '../../config';
import { DEFAULT_RUNS_PER_PROJECT } from './admission';

/** Runs a project may have at once (TASK_RUNS_PER_PROJECT, default 3). */
export const runsPerProject = (config: Pick<Config, 'tasks'>) =>
  config.tasks?.runsPerProject ?? DEFAULT_RUNS_PER_PROJECT;
