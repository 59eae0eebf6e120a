import { billSchema, planChangedSchema } from '@nuage/shared/schemas/responses/billing';
import { isPlanId, planMessages, type PlanId } from '@nuage/shared/plans';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer } from '../../http/route-helpers';
import { changePlan } from './account-plan';
import { billOf } from './bill';

const tags = ['Billing'];
const security = bearer;

const changePlanSchema = z.object({
  plan: z.string().refine(isPlanId, { message: planMessages.unknownPlan }),
});

/** The account's plan and this month's bill (payment collection is not part of the platform). */
export const billingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/billing',
    { schema: { response: { 200: billSchema }, tags, security } },
    async (request) => billOf(ctx, { userId: currentUser(request).id }),
  );

  // Changing plan changes what the account pays: a browser session, never an API token.
  app.put(
    '/billing/plan',
    {
      onRequest: app.requireSession,
      schema: { response: { 200: planChangedSchema }, tags, security, body: changePlanSchema },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const plan = await ctx.db.transaction((tx) =>
        changePlan(tx, { userId, planId: request.body.plan as PlanId }),
      );
      ctx.log.info({ plan: plan.id }, 'plan changed');
      return { message: planMessages.changed(plan), ...(await billOf(ctx, { userId })) };
    },
  );
};
