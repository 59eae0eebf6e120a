import { z } from 'zod/mini';

/** Texts of the code pipeline's inputs (issue 13): environment variables, port, build args. */
export const codeMessages = {
  envVarName: 'Nom de variable invalide',
  envVarValue: 'La valeur de la variable est requise',
  envVarTooMany: 'Au plus 100 variables par application',
  envVarDuplicate: 'Cette variable est définie deux fois',
  envVarValueTooLong: 'La valeur d’une variable ne peut pas dépasser 32 768 caractères',
  port: 'Port invalide (un entier entre 1 et 65535)',
  buildArgs:
    'Les arguments de construction doivent être des paires nom / texte (nom : lettres, chiffres, « _ »)',
  branch: 'Nom de branche invalide',
} as const;

export const ENV_VAR_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const MAX_ENV_VARS = 100;

const c = codeMessages;

/** One variable as sent: `value` may be omitted for an existing secret (kept as is). */
export const envVarInputSchema = z.object({
  name: z
    .string({ error: c.envVarName })
    .check(z.regex(ENV_VAR_NAME_PATTERN, c.envVarName), z.maxLength(200, c.envVarName)),
  value: z.optional(
    z.string({ error: c.envVarValue }).check(z.maxLength(32_768, c.envVarValueTooLong)),
  ),
  secret: z.optional(z.boolean()),
});
export type EnvVarInput = z.infer<typeof envVarInputSchema>;

export const envVarListSchema = z.array(envVarInputSchema).check(
  z.maxLength(MAX_ENV_VARS, c.envVarTooMany),
  z.refine((list) => new Set(list.map((v) => v.name)).size === list.length, {
    error: c.envVarDuplicate,
  }),
);

export const portField = z
  .number({ error: c.port })
  .check(z.int({ error: c.port }), z.gte(1, c.port), z.lte(65535, c.port));

export const buildArgsField = z.record(
  z.string().check(z.regex(ENV_VAR_NAME_PATTERN, c.buildArgs)),
  z.string({ error: c.buildArgs }).check(z.maxLength(4096, c.buildArgs)),
  { error: c.buildArgs },
);

/** Git branch names a push can carry (no spaces, no "..", no leading "-"). */
export const branchField = z
  .string()
  .check(z.trim(), z.regex(/^(?!-)(?!.*\.\.)[A-Za-z0-9._/-]{1,200}$/, c.branch));
