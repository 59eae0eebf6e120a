import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';

/**
 * The response contract: every /api/v1 route declares the shape of its success answer (the
 * serializer then strips any field not listed, and the OpenAPI page shows it).
 */
interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
interface JsonSchema {
  type?: string;
  properties?: Record<string, unknown>;
  items?: JsonSchema;
  required?: string[];
}
type Doc = { paths: Record<string, Record<string, Operation>> };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const SUCCESS = ['200', '201', '202', '204'];

let t: TestApp;
let doc: Doc;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json<Doc>();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/v1/'))
    .flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
    );

/** A 2xx answer with a schema; a 204 has no body to describe. */
const declaresSuccess = (op: Operation) =>
  Object.entries(op.responses ?? {}).some(
    ([status, r]) =>
      SUCCESS.includes(status) && (status === '204' || r.content?.['application/json']?.schema),
  );

const successSchema = (path: string, method: string, status = '200') =>
  doc.paths[path]?.[method]?.responses?.[status]?.content?.['application/json']?.schema;

describe('the response contract', () => {
  it('every /api/v1 route declares the schema of its success answer', () => {
    const ops = operations();
    // The whole table was walked (an empty document would pass vacuously).
    expect(ops.length).toBeGreaterThan(100);
    const missing = ops.filter(({ op }) => !declaresSuccess(op)).map(({ key }) => key);
    expect(missing).toEqual([]);
  });

  it('the OpenAPI document shows the fields of a project list and of an application', () => {
    const projects = successSchema('/api/v1/projects', 'get');
    expect(Object.keys(projects?.properties ?? {})).toEqual(['projects', 'pagination']);
    const listed = projects?.properties?.projects as JsonSchema | undefined;
    expect(Object.keys(listed?.items?.properties ?? {})).toEqual(
      expect.arrayContaining(['id', 'nom', 'quota_cpu', 'role_projet', 'usage']),
    );
    const application = successSchema('/api/v1/deployments/deployment/{id}', 'get');
    expect(Object.keys(application?.properties ?? {})).toEqual(
      expect.arrayContaining([
        'statut_deploiement',
        'acces_admin',
        'pods_status',
        'alerte_certificat',
        'alerte_restauration',
      ]),
    );
    // Required fields are named, so a client knows what is always there.
    expect(application?.required).toEqual(expect.arrayContaining(['id', 'nom', 'acces_admin']));
  });
});
