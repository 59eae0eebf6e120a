import { platformTexts } from '@nuage/shared/messages/platform';
import type { PlatformInfo } from '@nuage/shared/schemas/responses/platform';
import type { AppContext } from '../../app-context';
import { isOperator, missingSettings } from './operator-settings';

export const SIMULATION_BANNER = platformTexts.simulationBanner;

/**
 * What GET /platform (and GET /users/me's `plateforme`) answers to the caller whose address is
 * `email`: the runtime, its problems now, and to operators the settings still to complete.
 * Read from memory: no query.
 */
export function platformInfo(ctx: AppContext, email: string): PlatformInfo {
  const operateur = isOperator(ctx.config, email);
  return {
    runtime: ctx.engine.runtime,
    simulation: ctx.engine.runtime === 'simulation',
    banner: ctx.engine.runtime === 'simulation' ? SIMULATION_BANNER : null,
    problemes: ctx.engine.driver.problems?.() ?? [],
    operateur,
    reglages_a_completer: operateur ? missingSettings(ctx.config) : [],
    dns_configure: Boolean(ctx.config.appsDomain || ctx.config.publicIp),
  };
}
