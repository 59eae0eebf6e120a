import { ne } from 'drizzle-orm';
import { environments } from './schema/environments';

/**
 * The environments whose deletion was not asked: a deleting environment is no longer listed,
 * counted, restored into nor deployed into while the engine empties it, and is not marked for
 * deletion twice.
 */
export const liveEnvironment = () => ne(environments.status, 'deleting');
