import type { Catalog } from '@nuage/shared/schemas/responses/catalog';
import { buildpacksSchema, catalogSchema } from '@nuage/shared/schemas/responses/catalog';
import { codeTemplates, COMING_SOON, saasTemplates } from '@nuage/shared/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer } from '../../http/route-helpers';
import { declareProjectScoped } from '../../http/token-scope';

/** The catalogue as the wizard reads it: ready-made applications and announced code templates. */
export function catalogue(): Catalog {
  return {
    saas: Object.values(saasTemplates).map((t) => ({
      id: t.id,
      name: t.name,
      category: t.category,
      description: t.description,
      available: t.enabled,
      status: t.enabled ? 'disponible' : COMING_SOON,
      image: t.image,
      tag: t.tag,
      port: t.port,
      default_resources: { cpu: t.cpu, ram: t.ram, storage: t.storage },
      helm_version: t.helmVersion,
      helm_values: t.helmValues,
      database_config: { ...t.database },
    })),
    code: codeTemplates.map((t) => ({
      ...t,
      available: t.enabled,
      status: t.enabled ? 'disponible' : COMING_SOON,
    })),
  };
}

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  // The catalogue: no tenant's data.
  declareProjectScoped(app);
  const tags = ['Catalogue'];
  app.get(
    '/buildpack/templates/available',
    { schema: { response: { 200: catalogSchema }, tags, security: bearer } },
    async () => catalogue(),
  );
  app.get(
    '/deployments/buildpacks',
    { schema: { response: { 200: buildpacksSchema }, tags, security: bearer } },
    async () => {
      const { saas, code } = catalogue();
      return { buildpacks: [...saas, ...code.map((c) => ({ ...c, category: 'Code' }))] };
    },
  );
};
