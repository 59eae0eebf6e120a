import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './app-context';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { authenticatePlugin } from './http/authenticate';
import { registerErrorHandling } from './http/error-handler';
import { loggerOptions } from './http/logging';
import { registerOpenApi } from './http/openapi';
import { registerSpa } from './http/spa';
import { AccessTokens } from './lib/access-token';
import { createMailer, type Mailer } from './mail/mailer';
import { authRoutes } from './modules/auth/routes';
import { healthRoutes } from './modules/health/routes';
import { userRoutes } from './modules/users/routes';
import type { ServerSecrets } from './secrets';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  secrets: ServerSecrets;
  /** Defaults to SMTP or the outbox, per the configuration. */
  mailer?: Mailer;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: NodeJS.WritableStream;
}

export type App = FastifyInstance & { ctx: AppContext };

/** The Fastify instance with every route; tests drive it with `inject()`. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: loggerOptions(deps.config.logLevel, deps.logStream),
    trustProxy: deps.config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = {
    config: deps.config,
    db: deps.database.db,
    secrets: deps.secrets,
    tokens: new AccessTokens(deps.secrets.jwtSecret),
    mailer: deps.mailer ?? createMailer(deps.config, app.log),
    log: app.log,
  };
  app.decorate('ctx', ctx);

  registerErrorHandling(app);
  await registerOpenApi(app);
  await app.register(rateLimit, { global: false });
  await app.register(authenticatePlugin, { ctx });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database: deps.database });
      await api.register(authRoutes, { ctx });
      await api.register(userRoutes, { ctx });
    },
    { prefix: '/api/v1' },
  );

  await registerSpa(app, deps.config.webDistDir);
  app.addHook('onClose', async () => ctx.mailer.close());
  return app as unknown as App;
}
