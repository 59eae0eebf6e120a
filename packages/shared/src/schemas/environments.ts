import { z } from 'zod/mini';
import { requiredText } from './fields';

export const environmentTypes = ['dev', 'staging', 'preproduction', 'prod'] as const;
export type EnvironmentType = (typeof environmentTypes)[number];

/** SPEC §3 labels. */
export const environmentTypeLabels: Record<EnvironmentType, string> = {
  dev: 'Développement',
  staging: 'Staging',
  preproduction: 'Pré-production',
  prod: 'Production',
};

export const environmentMessages = {
  nomRequired: 'Le nom est requis',
  nomMin: 'Le nom doit contenir au moins 1 caractère',
  nomMax: 'Le nom ne peut pas dépasser 100 caractères',
  typeRequired: 'Le type est requis',
} as const;

const m = environmentMessages;

/** POST /environments/{projectId}/environments and PUT /environments/{id} (SPEC §5). */
export const environmentSchema = z.object({
  nom: requiredText(m.nomRequired, z.minLength(1, m.nomMin), z.maxLength(100, m.nomMax)),
  type: z.enum(environmentTypes, { error: m.typeRequired }),
});
export type EnvironmentInput = z.infer<typeof environmentSchema>;
