import { DEFAULT_COMPOSE_PATH } from '@nuage/shared/schemas/compose-deploy';
import { composeTexts } from '@nuage/shared/messages/compose';
import { parseImageReference } from '@nuage/shared/image-reference';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Database } from '../../db/client';
import type { deployments } from '../../db/schema/deployments';
import {
  BuildFailedError,
  type BuildIo,
  type BuildOutcome,
  type ImageBuilder,
  type SourceSpec,
} from '../../engine/builds/builder';
import {
  MAX_COMPOSE_BYTES,
  parseCompose,
  stackReservation,
  type ComposeStack,
} from '../../engine/compose/parse-compose';
import { resolveBuilds } from '../../engine/compose/resolve-builds';
import {
  composeSettings,
  composeSettingsOf,
  settingsServicesOf,
} from '../../engine/specs/compose-settings';
import { namesTakenInEnvironment, registryProblems } from '../deployments/deploy-compose';
import type { RegistryPolicy } from '../deployments/image-registry-policy';
import { buildImageName } from './queue';

/** What a Compose application's build gives its release (finish-build.ts). */
export interface ComposeRelease {
  /** The repository's file with the built images in place of its `build:` sections, in clear. */
  file: string;
  settings: Record<string, unknown>;
  reservation: { cpuMilli: number; ramMb: number; storageMb: number };
}

export interface ComposeBuildInput {
  db: Database;
  builder: ImageBuilder;
  registryPolicy: RegistryPolicy;
  build: { id: string; imageTag: string; buildArgs: Record<string, string> | null };
  deployment: typeof deployments.$inferSelect;
  namespace: string;
  source: SourceSpec & { commitSha: string };
  limits: { cpuMilli: number; ramMb: number; timeoutSeconds: number };
  io: BuildIo;
}

const refused = (file: string, problems: string[]) =>
  new BuildFailedError(composeTexts.fileRefusedInRepository(file, problems));

/**
 * A Compose application's build (issue 30): its file read from the repository at the commit,
 * checked as a pasted one (with `build:` allowed, its folders the repository's), each service
 * that has `build:` built in turn by the runtime's builder (its own image, its own log lines),
 * and the file its release runs written with those images, checked again, with the
 * environment's other stacks and the registry policy. Any refusal fails the build in French,
 * naming the file and the service; the running release keeps serving.
 */
export async function buildComposeRelease(
  input: ComposeBuildInput,
): Promise<{ result: BuildOutcome; compose: ComposeRelease }> {
  const { deployment: d, io } = input;
  const current = composeSettingsOf(d.settings);
  const file = current.composePath ?? DEFAULT_COMPOSE_PATH;
  const read = await input.builder.readSourceFile(input.source, file, MAX_COMPOSE_BYTES, io);
  if (!read.found)
    throw new BuildFailedError(
      read.reason === 'too-large'
        ? composeTexts.fileTooLargeInRepository(file)
        : composeTexts.fileMissingInRepository(file, input.source.commitSha.slice(0, 7)),
    );
  const fileDir = path.posix.dirname(file);
  const parsed = parseCompose(read.text, { buildsFrom: fileDir === '.' ? '' : fileDir });
  if (!parsed.ok) throw refused(file, parsed.problems);
  const exposedName = current.requestedExposedService ?? current.exposedService;
  if (!parsed.stack.services.some((s) => s.name === exposedName))
    throw refused(file, [composeTexts.exposedServiceUnknown(exposedName)]);
  const toBuild = parsed.stack.services.filter((s) => s.build !== null);
  io.onLog(
    composeTexts.composeRead(
      file,
      toBuild.map((s) => s.name),
    ),
  );

  const images = new Map<string, string>();
  const digests = new Map<string, string>();
  for (const s of toBuild) {
    const outcome = await input.builder.build(
      {
        buildId: input.build.id,
        deploymentId: d.id,
        namespace: input.namespace,
        source: input.source,
        templateHint: null,
        buildArgs: { ...s.build!.args },
        imageName: `${buildImageName(d.id)}/${s.name}`,
        tag: input.build.imageTag,
        limits: input.limits,
        composeService: {
          service: s.name,
          context: s.build!.context,
          dockerfile: s.build!.dockerfile,
        },
      },
      io,
    );
    images.set(s.name, outcome.imageRef);
    digests.set(s.name, outcome.imageDigest);
    io.onLog(composeTexts.serviceBuilt(s.name, outcome.imageRef));
  }

  const resolved = resolveBuilds(read.text, images);
  const final = parseCompose(resolved);
  if (!final.ok) throw refused(file, final.problems);
  const stack: ComposeStack = final.stack;
  const built = new Set(images.keys());
  const registry = registryProblems(input.registryPolicy, stack, built);
  if (registry.length) throw refused(file, registry);
  const taken = await namesTakenInEnvironment(input.db, d.environmentId, stack, d.id);
  if (taken.length) throw refused(file, taken);

  const exposed = stack.services.find((s) => s.name === exposedName)!;
  const ref = parseImageReference(exposed.image)!;
  return {
    result: {
      imageRef: `${ref.repository}:${ref.tag}`,
      // The exposed service's built image, else what pins this release: its file.
      imageDigest:
        digests.get(exposedName) ?? `sha256:${createHash('sha256').update(resolved).digest('hex')}`,
      commitSha: input.source.commitSha,
      commitMessage: read.commitMessage,
      detected: { kind: 'dockerfile', framework: null, port: d.port ?? 0 },
    },
    compose: {
      file: resolved,
      settings: composeSettings({
        exposedService: exposedName,
        services: settingsServicesOf(stack.services, built),
        volumes: stack.volumes,
        composePath: file,
      }),
      reservation: stackReservation(stack),
    },
  };
}
