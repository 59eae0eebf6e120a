import { z } from 'zod/mini';
import { securityReasons } from '../messages/security-profiles';

const capability = z.enum([
  'CHOWN',
  'DAC_OVERRIDE',
  'FOWNER',
  'SETGID',
  'SETUID',
  'NET_BIND_SERVICE',
  'KILL',
]);
const uid = z.nullable(z.number().check(z.int(), z.gte(1), z.lte(65_535)));

/**
 * What the image needs from the kernel (engine/templates/security.ts): a named profile of the
 * engine, or the capabilities, user and group the image's documentation gives.
 */
export const templateSecuritySchema = z.union([
  z.enum(['apache-as-root', 'odoo', 'wp-cli', 'odoo-setup']),
  z.strictObject({
    capabilities: z.array(capability),
    runAsUser: uid,
    runAsGroup: uid,
    fsGroup: uid,
    reason: z.enum(Object.keys(securityReasons) as [keyof typeof securityReasons]),
  }),
]);
export type TemplateSecurity = z.infer<typeof templateSecuritySchema>;
