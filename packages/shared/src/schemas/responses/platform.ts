import { z } from 'zod/mini';

/** GET /platform: the runtime that deploys applications and what operators must know about it. */
export const platformInfoSchema = z.object({
  runtime: z.string(),
  simulation: z.boolean(),
  /** The simulation banner, in French; null on a real runtime. */
  banner: z.nullable(z.string()),
  /** Problems of the runtime now, in French (e.g. a network guard that cannot run). */
  problemes: z.array(z.string()),
  /** Whether the caller operates the platform (OPERATOR_EMAILS). */
  operateur: z.boolean(),
  /** Settings customers depend on that are missing, in French: for operators only, else []. */
  reglages_a_completer: z.array(z.string()),
  /**
   * Whether a custom domain can be pointed somewhere (APPS_DOMAIN or PUBLIC_IP set): the deploy
   * wizard says what the customer will do at their DNS provider, or that it must wait.
   */
  dns_configure: z.boolean(),
});
export type PlatformInfo = z.infer<typeof platformInfoSchema>;
