import apiPackage from '../../package.json' with { type: 'json' };

/** The platform's version (apps/api/package.json), bundled into the build. */
export const PLATFORM_VERSION: string = apiPackage.version;

/** How the platform names itself to the servers it calls (Kubernetes API servers' audit logs). */
export const USER_AGENT = `nuagedeploy/${PLATFORM_VERSION}`;
