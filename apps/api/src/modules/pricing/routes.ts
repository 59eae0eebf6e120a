import {
  competitorComparisonSchema,
  presetRecommendationSchema,
  presetsResponseSchema,
  priceCalculationSchema,
  projectEstimateSchema,
  usageSummarySchema,
} from '@nuage/shared/schemas/responses/pricing';
import {
  calculatePriceSchema,
  calculateQuerySchema,
  comparisonQuerySchema,
  estimateProjectQuerySchema,
  recommendSchema,
} from '@nuage/shared/pricing-schemas';
import { presetsByApplication } from '@nuage/shared/pricing-presets';
import { recommendPreset } from '@nuage/shared/pricing-recommend';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer } from '../../http/route-helpers';
import { calculatePrice, compareMonthlyPrice, estimateProject } from './service';
import { usageSummary } from './usage';
import { declareProjectScoped } from '../../http/token-scope';

const tags = ['Pricing'];
const security = bearer;

/** SPEC §7 "Pricing": every call needs a signed-in caller (the wizard and the dashboard). */
export const pricingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);
  // Price computations, and my-usage over the projects the token may see (visibleToToken).
  declareProjectScoped(app);

  app.post(
    '/pricing/calculate',
    {
      schema: {
        response: { 200: priceCalculationSchema },
        tags,
        security,
        querystring: calculateQuerySchema,
        body: calculatePriceSchema,
      },
    },
    async (request) =>
      calculatePrice(request.body, { includeComparison: request.query.include_comparison }),
  );

  app.get(
    '/pricing/presets',
    { schema: { response: { 200: presetsResponseSchema }, tags, security } },
    async () => presetsByApplication(),
  );

  app.post(
    '/pricing/recommend',
    {
      schema: {
        response: { 200: presetRecommendationSchema },
        tags,
        security,
        body: recommendSchema,
      },
    },
    async (request) => recommendPreset(request.body),
  );

  app.get(
    '/pricing/my-usage',
    { schema: { response: { 200: usageSummarySchema }, tags, security } },
    async (request) => usageSummary(ctx, { userId: currentUser(request).id }),
  );

  app.get(
    '/pricing/estimate-project',
    {
      schema: {
        response: { 200: projectEstimateSchema },
        tags,
        security,
        querystring: estimateProjectQuerySchema,
      },
    },
    async (request) => estimateProject(request.query),
  );

  app.get(
    '/pricing/comparison',
    {
      schema: {
        response: { 200: competitorComparisonSchema },
        tags,
        security,
        querystring: comparisonQuerySchema,
      },
    },
    async (request) => compareMonthlyPrice(request.query),
  );
};
