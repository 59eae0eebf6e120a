import { deleteAt, getAt, leaves, pathKey, setAt, type FieldPath } from './field-sets';
import {
  immutable,
  invalidReply,
  isObject,
  statusBody,
  type Json,
  type ParsedPath,
  type Reply,
} from './fake-paths';
import { cronJobRefusal } from './fake-cronjobs';
import { schemaError, unknownFields, type KindInfo } from './strict-schema';

/**
 * Writes of the fake Kubernetes API: server-side apply merged by field manager (conflicts,
 * force, fields a manager stops applying removed), merge patches, and the checks the API
 * server makes before it stores an object (schema, Strict field validation, selectors,
 * immutable fields).
 */

export interface WriteRequest {
  path: string;
  query: URLSearchParams;
  contentType: string | undefined;
  body: string;
}

/** What a write needs of the server: whether a namespace exists, and storing the result. */
export interface WriteHost {
  has(path: string): boolean;
  store(path: string, stored: Json | undefined, next: Json, managed: ManagedEntry[]): Reply;
}

/** RFC 7386 JSON merge patch. */
function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const out: Json = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}

export function patchObject(
  host: WriteHost,
  req: WriteRequest,
  p: ParsedPath,
  stored: Json | undefined,
): Reply {
  const info = p.info!;
  const manager = req.query.get('fieldManager');
  let body: Json;
  try {
    body = JSON.parse(req.body) as Json;
  } catch {
    return { status: 400, body: statusBody(400, 'BadRequest', 'body is not JSON') };
  }
  if (req.contentType === 'application/merge-patch+json') {
    if (!stored)
      return {
        status: 404,
        body: statusBody(404, 'NotFound', `${p.plural} "${p.name}" not found`),
      };
    const next = mergePatch(stored, body) as Json;
    const refused = refusal(info, p, next, req.query);
    if (refused) return refused;
    // An update takes the fields it sets from whoever owned them, without conflict.
    const managed = managedOf(stored);
    const taken = [...leaves(body).values()].map(([path]) => path);
    for (const entry of managed)
      entry.paths = entry.paths.filter((q) => !taken.some((t) => pathKey(t) === pathKey(q)));
    if (manager) upsertManager(managed, manager, 'Update', taken);
    return host.store(req.path, stored, next, managed);
  }
  if (req.contentType !== 'application/apply-patch+yaml') {
    return {
      status: 415,
      body: statusBody(
        415,
        'UnsupportedMediaType',
        'the body of the request was in an unknown format',
      ),
    };
  }
  if (!manager)
    return {
      status: 400,
      body: statusBody(400, 'BadRequest', 'fieldManager is required for apply requests'),
    };
  const meta = body.metadata as Json | undefined;
  if (
    body.kind !== info.kind ||
    body.apiVersion !== (p.group ? `${p.group}/${p.version}` : p.version)
  )
    return { status: 400, body: statusBody(400, 'BadRequest', `body is not a ${info.kind}`) };
  if (meta?.name !== p.name || (meta?.namespace ?? null) !== p.namespace)
    return {
      status: 400,
      body: statusBody(
        400,
        'BadRequest',
        'the name or namespace of the object does not match the URL',
      ),
    };
  if (p.namespace && !host.has(`/api/v1/namespaces/${p.namespace}`))
    return {
      status: 404,
      body: statusBody(404, 'NotFound', `namespaces "${p.namespace}" not found`),
    };

  const applied = leaves(body);
  const managed = managedOf(stored);
  const force = req.query.get('force') === 'true';
  const conflicts: string[] = [];
  for (const entry of managed) {
    if (entry.manager === manager) continue;
    for (const owned of entry.paths) {
      const key = pathKey(owned);
      const mine = applied.get(key);
      if (mine && JSON.stringify(getAt(stored, owned)) !== JSON.stringify(mine[1]))
        conflicts.push(`conflict with "${entry.manager}": ${key}`);
    }
  }
  if (conflicts.length > 0 && !force) {
    return {
      status: 409,
      body: statusBody(
        409,
        'Conflict',
        `Apply failed with ${conflicts.length} conflicts: ${conflicts.join('; ')}`,
      ),
    };
  }
  const next: Json = structuredClone(stored ?? {});
  delete next.status;
  // Fields this manager applied before and no longer applies go, unless someone else owns them.
  const previous = managed.find((e) => e.manager === manager && e.operation === 'Apply');
  for (const owned of previous?.paths ?? []) {
    const key = pathKey(owned);
    const others = managed.some((e) => e !== previous && e.paths.some((q) => pathKey(q) === key));
    if (!applied.has(key) && !others) deleteAt(next, owned);
  }
  for (const [path, value] of applied.values()) setAt(next, path, value);
  if (force) {
    for (const entry of managed)
      if (entry.manager !== manager)
        entry.paths = entry.paths.filter((q) => !applied.has(pathKey(q)));
  }
  upsertManager(
    managed,
    manager,
    'Apply',
    [...applied.values()].map(([path]) => path),
    true,
  );
  if (stored?.status) next.status = stored.status;
  const refused = refusal(info, p, next, req.query, body);
  if (refused) return refused;
  if (
    stored &&
    info.kind === 'Job' &&
    JSON.stringify((stored.spec as Json).template) !== JSON.stringify((next.spec as Json).template)
  ) {
    return immutable(info, p, 'spec.template');
  }
  if (
    stored &&
    ['Deployment', 'StatefulSet'].includes(info.kind) &&
    JSON.stringify((stored.spec as Json).selector) !== JSON.stringify((next.spec as Json).selector)
  ) {
    return immutable(info, p, 'spec.selector');
  }
  return host.store(req.path, stored, next, managed);
}

/** Schema, unknown fields (Strict) and selector checks; a Reply when the object is refused. */
export function refusal(
  info: KindInfo,
  p: ParsedPath,
  object: Json,
  query: URLSearchParams,
  body?: Json,
): Reply | null {
  const { status: _status, ...withoutStatus } = object;
  const error = schemaError(info, withoutStatus);
  if (error) return invalidReply(info, p, error);
  if (body && info.typeName && query.get('fieldValidation') === 'Strict') {
    const unknown = unknownFields(body, info.typeName);
    if (unknown.length > 0) {
      return {
        status: 400,
        body: statusBody(
          400,
          'BadRequest',
          `${info.kind} in version "${info.version}" cannot be handled as a ${info.kind}: strict decoding error: ${unknown.map((u) => `unknown field "${u}"`).join(', ')}`,
        ),
      };
    }
  }
  if (info.kind === 'CronJob') return cronJobRefusal(info, p, object);
  if (info.kind === 'Deployment' || info.kind === 'StatefulSet') {
    const spec = object.spec as Json;
    const selector = (spec.selector as Json | undefined)?.matchLabels as
      Record<string, string> | undefined;
    const labels = ((spec.template as Json | undefined)?.metadata as Json | undefined)?.labels as
      Record<string, string> | undefined;
    const matches = selector && Object.entries(selector).every(([k, v]) => labels?.[k] === v);
    if (!matches)
      return invalidReply(
        info,
        p,
        'spec.template.metadata.labels: Invalid value: `selector` does not match template `labels`',
      );
  }
  return null;
}

export interface ManagedEntry {
  manager: string;
  operation: 'Apply' | 'Update';
  paths: FieldPath[];
}

/** The fake keeps each entry's paths beside the FieldsV1 form (`_paths`) to merge without parsing it. */
export function managedOf(stored: Json | undefined): ManagedEntry[] {
  const entries = ((stored?.metadata as Json | undefined)?.managedFields ?? []) as Json[];
  return entries.map((e) => ({
    manager: e.manager as string,
    operation: e.operation as 'Apply' | 'Update',
    paths: structuredClone(e._paths as FieldPath[]),
  }));
}

function upsertManager(
  managed: ManagedEntry[],
  manager: string,
  operation: 'Apply' | 'Update',
  paths: FieldPath[],
  replace = false,
) {
  const entry = managed.find((e) => e.manager === manager && e.operation === operation);
  if (!entry) managed.push({ manager, operation, paths });
  else if (replace) entry.paths = paths;
  else {
    const keys = new Set(entry.paths.map(pathKey));
    entry.paths.push(...paths.filter((q) => !keys.has(pathKey(q))));
  }
}
