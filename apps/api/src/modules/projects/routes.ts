import {
  addMemberResultSchema,
  projectInvitationListSchema,
  projectMemberListSchema,
  projectPageSchema,
  projectMemberSchema,
  projectResponseSchema,
} from '@nuage/shared/schemas/responses/projects';
import {
  inviteMemberSchema,
  projectSchema,
  updateMemberSchema,
} from '@nuage/shared/schemas/projects';
import { projectMonthCostsSchema } from '@nuage/shared/schemas/responses/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, messageResponse, pathParams } from '../../http/route-helpers';
import { pageQuerySchema } from '../../http/page-query';
import { projectListLimits } from '@nuage/shared/account-limits';
import { listProjectInvitations, revokeInvitation } from '../invitations/project-invitations';
import { addMember, listMembers, removeMember, updateMemberRole } from './members';
import { createProject, deleteProject, getProject, listProjects, updateProject } from './service';
import { accountLevel, declareProjectScoped } from '../../http/token-scope';
import { projectMonth } from '../billing/project-month';
import { invitationTexts, memberTexts, projectTexts } from '@nuage/shared/messages/projects';

const tags = ['Projects'];
const pageQuery = pageQuerySchema(projectListLimits);
const security = bearer;

export const projectRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);
  // One project by id, or the list of visible ones (visibleToToken); creating one is account-level.
  declareProjectScoped(app);

  app.get(
    '/projects',
    { schema: { tags, security, querystring: pageQuery, response: { 200: projectPageSchema } } },
    async (request) => listProjects(ctx, { userId: currentUser(request).id, ...request.query }),
  );

  app.post(
    '/projects',
    {
      config: accountLevel,
      schema: { tags, security, body: projectSchema, response: { 201: projectResponseSchema } },
    },
    async (request, reply) => {
      const project = await createProject(ctx, {
        userId: currentUser(request).id,
        data: request.body,
      });
      return reply.status(201).send(project);
    },
  );

  app.get(
    '/projects/:id',
    {
      schema: {
        tags,
        security,
        params: pathParams('id'),
        response: { 200: projectResponseSchema },
      },
    },
    async (request) =>
      getProject(ctx, { projectId: request.params.id, userId: currentUser(request).id }),
  );

  // The project's share of this month, by the billing card's rule, and its full quota's price.
  app.get(
    '/projects/:id/costs',
    {
      schema: {
        tags,
        security,
        params: pathParams('id'),
        response: { 200: projectMonthCostsSchema },
      },
    },
    async (request) =>
      projectMonth(ctx, { projectId: request.params.id, userId: currentUser(request).id }),
  );

  app.put(
    '/projects/:id',
    {
      schema: {
        tags,
        security,
        params: pathParams('id'),
        body: projectSchema,
        response: { 200: projectResponseSchema },
      },
    },
    async (request) =>
      updateProject(ctx, {
        projectId: request.params.id,
        userId: currentUser(request).id,
        data: request.body,
      }),
  );

  app.delete(
    '/projects/:id',
    { schema: { tags, security, params: pathParams('id'), response: { 200: messageResponse } } },
    async (request) => {
      await deleteProject(ctx, { projectId: request.params.id, userId: currentUser(request).id });
      return { message: projectTexts.deleted };
    },
  );

  app.get(
    '/projects/:id/members',
    {
      schema: {
        tags,
        security,
        params: pathParams('id'),
        response: { 200: projectMemberListSchema },
      },
    },
    async (request) =>
      listMembers(ctx, { projectId: request.params.id, userId: currentUser(request).id }),
  );

  app.post(
    '/projects/:id/members',
    {
      schema: {
        tags,
        security,
        params: pathParams('id'),
        body: inviteMemberSchema,
        response: { 201: addMemberResultSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const result = await addMember(ctx, {
        projectId: request.params.id,
        userId: user.id,
        email: request.body.email_utilisateur_invite,
        role: request.body.role_projet,
        inviterName: `${user.prenom} ${user.nom}`,
      });
      return reply.status(201).send(result);
    },
  );

  app.put(
    '/projects/:id/members/:memberId',
    {
      schema: {
        tags,
        security,
        params: pathParams('id', 'memberId'),
        body: updateMemberSchema,
        response: { 200: projectMemberSchema },
      },
    },
    async (request) =>
      updateMemberRole(ctx, {
        projectId: request.params.id,
        memberId: request.params.memberId,
        userId: currentUser(request).id,
        role: request.body.role_projet,
      }),
  );

  app.delete(
    '/projects/:id/members/:memberId',
    {
      schema: {
        tags,
        security,
        params: pathParams('id', 'memberId'),
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await removeMember(ctx, {
        projectId: request.params.id,
        memberId: request.params.memberId,
        userId: currentUser(request).id,
      });
      return { message: memberTexts.removed };
    },
  );

  app.get(
    '/projects/:id/invitations',
    {
      schema: {
        tags,
        security,
        params: pathParams('id'),
        response: { 200: projectInvitationListSchema },
      },
    },
    async (request) =>
      listProjectInvitations(ctx, {
        projectId: request.params.id,
        userId: currentUser(request).id,
      }),
  );

  app.delete(
    '/projects/:id/invitations/:invitationId',
    {
      schema: {
        tags,
        security,
        params: pathParams('id', 'invitationId'),
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await revokeInvitation(ctx, {
        projectId: request.params.id,
        invitationId: request.params.invitationId,
        userId: currentUser(request).id,
      });
      return { message: invitationTexts.revoked };
    },
  );
};
