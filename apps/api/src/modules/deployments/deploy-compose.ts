import type { Deployment } from '@nuage/shared/api-types';
import { parseImageReference } from '@nuage/shared/image-reference';
import { composeTexts } from '@nuage/shared/messages/compose';
import type { DeployComposeInput } from '@nuage/shared/schemas/compose-deploy';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { deployments } from '../../db/schema/deployments';
import {
  parseCompose,
  stackReservation,
  type ComposeStack,
} from '../../engine/compose/parse-compose';
import {
  settingsServicesOf,
  composeSettings,
  composeSettingsOf,
} from '../../engine/specs/compose-settings';
import { placeholderSecretsSealed } from '../../engine/specs/sealed-secrets';
import type { AuthUser } from '../../http/credential-records';
import { encryptSecret } from '../../lib/crypto';
import { conflict, FieldValidationError } from '../../lib/errors';
import { authorizeEnvironment } from '../environments/service';
import { ENVIRONMENT_DELETING } from './deploy';
import { deployComposeFromGit } from './deploy-compose-git';
import { insertApplication } from './insert-application';
import { registryPolicyOf, registryRefusal, type RegistryPolicy } from './image-registry-policy';
import { presentDeployment } from './presenter';
import { claimAddress } from './application-address';

export const COMPOSE_FILE_FIELD = 'fichier_compose';
const FILE_FIELD = COMPOSE_FILE_FIELD;

export const problemsAt = (field: string, problems: string[], type: string) =>
  new FieldValidationError(problems.map((msg) => ({ loc: ['body', field], msg, type })));

/**
 * Each service's image comes from a registry a tenant may pull from (image-registry-policy.ts);
 * the services the platform built (`built`) are its own images.
 */
export function registryProblems(
  policy: RegistryPolicy,
  stack: ComposeStack,
  built: ReadonlySet<string> = new Set(),
): string[] {
  const problems: string[] = [];
  for (const s of stack.services) {
    if (built.has(s.name)) continue;
    const ref = parseImageReference(s.image);
    if (!ref) continue;
    const refusal = registryRefusal(ref.repository, policy);
    if (refusal) problems.push(composeTexts.imageRegistry(s.name, refusal));
  }
  return problems;
}

/**
 * Service names are the stack's DNS names on the environment's network (docker's aliases,
 * Kubernetes' Services in the namespace): two stacks of one environment may not both name `db`.
 */
export async function namesTakenInEnvironment(
  db: Executor,
  environmentId: string,
  stack: ComposeStack,
  exceptDeploymentId: string | null,
): Promise<string[]> {
  const others = await db
    .select({ id: deployments.id, nom: deployments.nom, settings: deployments.settings })
    .from(deployments)
    .where(
      and(
        eq(deployments.environmentId, environmentId),
        eq(deployments.sourceKind, 'compose'),
        eq(deployments.desiredState, 'present'),
      ),
    );
  const wanted = new Set(stack.services.map((s) => s.name));
  const taken: string[] = [];
  for (const o of others) {
    if (o.id === exceptDeploymentId) continue;
    for (const s of composeSettingsOf(o.settings).services) {
      if (wanted.has(s.name)) taken.push(composeTexts.serviceNameTaken(s.name, o.nom));
    }
  }
  return taken;
}

/** The file parsed and checked, its images' registries, the exposed service, the names free. */
export async function checkedStack(
  ctx: AppContext,
  opts: {
    environmentId: string;
    exceptDeploymentId: string | null;
    file: string;
    exposedService: string;
  },
): Promise<{ stack: ComposeStack; exposed: ComposeStack['services'][number] }> {
  const parsed = parseCompose(opts.file);
  if (!parsed.ok) throw problemsAt(FILE_FIELD, parsed.problems, 'compose');
  const stack = parsed.stack;
  const registry = registryProblems(registryPolicyOf(ctx.config), stack);
  if (registry.length) throw problemsAt(FILE_FIELD, registry, 'registry');
  const exposed = stack.services.find((s) => s.name === opts.exposedService);
  if (!exposed) {
    throw problemsAt(
      'service_expose',
      [composeTexts.exposedServiceUnknown(opts.exposedService)],
      'unknown',
    );
  }
  const taken = await namesTakenInEnvironment(
    ctx.db,
    opts.environmentId,
    stack,
    opts.exceptDeploymentId,
  );
  if (taken.length) throw problemsAt(FILE_FIELD, taken, 'taken');
  return { stack, exposed };
}

/**
 * POST /deployments/{envId}/deploy/compose (issue 30 item 2): a pasted docker-compose.yml (a
 * file read from the application's Git repository: deploy-compose-git.ts).
 * The file is parsed and checked (engine/compose/parse-compose.ts: every refusal in French,
 * naming its service and key), the exposed service and port must be one of its services; the
 * application reserves the sum of its services' limits (the default size for a service
 * without) and of its named volumes, checked against the project's quota under its lock like
 * every application. The file is stored sealed; the engine runs one container (docker) or one
 * workload and Service (Kubernetes) per service.
 */
export async function deployCompose(
  ctx: AppContext,
  input: { environmentId: string; user: AuthUser; data: DeployComposeInput },
): Promise<Deployment & { build_id?: string }> {
  const env = await authorizeEnvironment(ctx.db, {
    environmentId: input.environmentId,
    userId: input.user.id,
    need: 'developer',
  });
  if (env.status === 'deleting') throw conflict(ENVIRONMENT_DELETING);
  const data = input.data;
  if (data.depot_git)
    return deployComposeFromGit(ctx, {
      env,
      user: input.user,
      data: { ...data, depot_git: data.depot_git },
    });
  const file = data.fichier_compose ?? '';
  const { stack, exposed } = await checkedStack(ctx, {
    environmentId: env.id,
    exceptDeploymentId: null,
    file,
    exposedService: data.service_expose,
  });

  const { domain, certificate } = await claimAddress(ctx, {
    projectId: env.projectId,
    nom: data.nom,
    domain: data.nom_domaine,
    certificateId: data.certificat_tls_id?.trim() || null,
  });
  const ref = parseImageReference(exposed.image)!;
  // One application of one replica: its reservation is the stack's sum (reservationOf × 1).
  const resources = { ...stackReservation(stack), replicas: 1 };
  const row = await insertApplication(
    ctx,
    {
      env,
      nom: data.nom,
      template: 'compose',
      domain,
      resources,
      values: () => ({
        category: 'CODE',
        sourceKind: 'compose',
        imageRegistryUrl: ref.repository,
        imageTag: ref.tag,
        certificateId: certificate?.id ?? null,
        port: data.port,
        composeFileSealed: encryptSecret(ctx.secrets.secretsKey, file),
        settings: composeSettings({
          exposedService: exposed.name,
          services: settingsServicesOf(stack.services),
          volumes: stack.volumes,
        }),
        secretsSealed: placeholderSecretsSealed(ctx.secrets.secretsKey),
        createdBy: input.user.id,
        events: [{ at: new Date().toISOString(), message: composeTexts.deployRequested }],
      }),
    },
    async (_tx, created) => created,
  );
  ctx.log.info(
    { deploymentId: row.id, services: stack.services.map((s) => s.name) },
    'compose deployment requested',
  );
  ctx.engine.wake();
  return presentDeployment(row);
}
