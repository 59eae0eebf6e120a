import { z } from 'zod/mini';
import { branchField, codeMessages, ENV_VAR_NAME_PATTERN, MAX_ENV_VARS } from './code';
import { deployMessages as m, REPOSITORY_URL_PATTERN } from './deployments';

/**
 * The Code path of the deploy wizard (issue 13): its texts, its variable, build argument and
 * port fields, and SPEC §5's repository rules.
 */
const optionalText = z.optional(z.string().check(z.trim()));

/**
 * The wizard's texts: the server's (schemas/code.ts, PIPELINE's) wherever it has one, so the
 * form and the API say the same thing; the few the wizard alone needs after them.
 */
export const codeDeployMessages = {
  variableNameInvalid: codeMessages.envVarName,
  variableNameDuplicate: codeMessages.envVarDuplicate,
  tooManyVariables: codeMessages.envVarTooMany,
  portInvalid: codeMessages.port,
  branchInvalid: codeMessages.branch,
  buildArgNameInvalid: "Nom d'argument invalide",
  branchRequired: 'La branche est requise',
} as const;

/** The server's branch rule (schemas/code.ts), as a test on the typed text. */
export const isValidBranch = (branch: string) => branchField.safeParse(branch).success;

export const envVarsField = z
  .array(
    z.object({
      name: z
        .string()
        .check(z.trim(), z.regex(ENV_VAR_NAME_PATTERN, codeDeployMessages.variableNameInvalid)),
      value: z.string(),
      secret: z.boolean(),
    }),
  )
  .check(
    z.maxLength(MAX_ENV_VARS, codeDeployMessages.tooManyVariables),
    z.superRefine((vars, ctx) => {
      const seen = new Set<string>();
      vars.forEach((v, i) => {
        const name = v.name.trim();
        if (seen.has(name)) {
          ctx.addIssue({
            code: 'custom',
            message: codeDeployMessages.variableNameDuplicate,
            path: [i, 'name'],
            input: v.name,
          });
        }
        seen.add(name);
      });
    }),
  );

export const buildArgsField = z.array(
  z.object({
    key: z
      .string()
      .check(z.trim(), z.regex(ENV_VAR_NAME_PATTERN, codeDeployMessages.buildArgNameInvalid)),
    value: z.string(),
  }),
);

/** Empty = the port the build detects; otherwise 1–65535 (an emptied number field reads NaN). */
export const portField = z.optional(
  z.pipe(
    z.transform((v: unknown) => (typeof v === 'number' && Number.isNaN(v) ? undefined : v)),
    z.optional(
      z
        .number({ error: codeDeployMessages.portInvalid })
        .check(
          z.int({ error: codeDeployMessages.portInvalid }),
          z.gte(1, codeDeployMessages.portInvalid),
          z.lte(65535, codeDeployMessages.portInvalid),
        ),
    ),
  ),
);

interface CodeSourceDraft {
  app_type?: string;
  repository_url?: string;
  repository_type?: string;
  git_token_id?: string;
  branch?: string;
}

/** SPEC §5's repository rules of the Code path ('L'URL du dépôt est requise'…). */
export const codeSourceChecks = () => [
  z.refine<CodeSourceDraft>(
    (f) => f.app_type !== 'code' || REPOSITORY_URL_PATTERN.test(f.repository_url ?? ''),
    { error: m.repositoryRequired, path: ['repository_url'] },
  ),
  z.refine<CodeSourceDraft>(
    (f) => f.app_type !== 'code' || f.repository_type !== 'private' || Boolean(f.git_token_id),
    { error: m.tokenRequired, path: ['git_token_id'] },
  ),
  z.refine<CodeSourceDraft>((f) => f.app_type !== 'code' || isValidBranch(f.branch || 'main'), {
    error: codeDeployMessages.branchInvalid,
    path: ['branch'],
  }),
];

/**
 * The same repository rules alone. Object-level rules do not run while a field has failed
 * (an empty name), so the wizard also runs these: one Continue shows every problem at once.
 */
export const wizardCodeSourceSchema = z
  .object({
    app_type: z.optional(z.string()),
    repository_url: optionalText,
    repository_type: z.optional(z.string()),
    git_token_id: optionalText,
    branch: optionalText,
  })
  .check(...codeSourceChecks());
