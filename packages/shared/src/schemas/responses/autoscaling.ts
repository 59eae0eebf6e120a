/** Automatic scaling of an application (issue 28 item 5). */
import { z } from 'zod/mini';

export const autoscalingDecisionSchema = z.object({
  date: z.string(),
  /** French, as in the application's history. */
  message: z.string(),
});

/** GET and PUT /deployments/{id}/autoscaling. */
export const autoscalingSchema = z.object({
  active: z.boolean(),
  min_instances: z.number(),
  max_instances: z.number(),
  cible_cpu: z.number(),
  cible_memoire: z.nullable(z.number()),
  /** The instances the application asks for now. */
  instances: z.number(),
  /** `plateforme` (docker, simulation: the platform's loop) or `kubernetes` (an HPA). */
  mode: z.enum(['plateforme', 'kubernetes']),
  simule: z.boolean(),
  /** French, while the project's quota stops a scale-up; null otherwise. */
  blocage: z.nullable(z.string()),
  /** The HPA's status on Kubernetes, when it could be read. */
  hpa: z.nullable(z.object({ actuelles: z.number(), souhaitees: z.number() })),
  /** Newest first, 10 at most. */
  decisions: z.array(autoscalingDecisionSchema),
});
export type Autoscaling = z.infer<typeof autoscalingSchema>;
