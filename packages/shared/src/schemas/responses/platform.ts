import { z } from 'zod/mini';

/** GET /platform: the runtime that deploys applications and what operators must know about it. */
export const platformInfoSchema = z.object({
  runtime: z.string(),
  simulation: z.boolean(),
  /** The simulation banner, in French; null on a real runtime. */
  banner: z.nullable(z.string()),
  /** Problems of the runtime now, in French (e.g. a network guard that cannot run). */
  problemes: z.array(z.string()),
});
export type PlatformInfo = z.infer<typeof platformInfoSchema>;
