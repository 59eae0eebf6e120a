import { z } from 'zod/mini';
import { autoscalingTexts as m } from '../messages/autoscaling';
import { deployLimits } from './deployments';

const L = deployLimits.replicas;
const intBetween = (min: number, max: number, message: string) =>
  z.number(message).check(z.int(message), z.gte(min, message), z.lte(max, message));

export const autoscalingLimits = { cpuTarget: { min: 10, max: 95, default: 60 } } as const;

/** PUT /deployments/{id}/autoscaling (issue 28 item 5). */
export const autoscalingSettingsSchema = z
  .object({
    active: z.boolean(m.enabledRequired),
    min_instances: intBetween(L.min, L.max, m.minInvalid),
    max_instances: intBetween(L.min, L.max, m.maxInvalid),
    /** Percent of one instance's CPU limit, averaged over the instances. */
    cible_cpu: intBetween(10, 95, m.cpuTargetInvalid),
    /** Optional: percent of one instance's memory limit. */
    cible_memoire: z.nullable(intBetween(10, 95, m.memoryTargetInvalid)),
  })
  .check(
    z.refine((s) => s.max_instances >= s.min_instances, {
      error: m.maxBelowMin,
      path: ['max_instances'],
    }),
  );
export type AutoscalingSettingsInput = z.infer<typeof autoscalingSettingsSchema>;
