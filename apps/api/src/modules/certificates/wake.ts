import type { AppContext } from '../../app-context';

/**
 * The certificate worker is built after the app (main.ts, or a test); the routes reach it
 * through the app's context to have a new order or a renewal looked at now rather than at the
 * next poll.
 */
const wakers = new WeakMap<AppContext, () => void>();

export function onCertificateWork(ctx: AppContext, wake: () => void): void {
  wakers.set(ctx, wake);
}

export function certificateWorkDue(ctx: AppContext): void {
  wakers.get(ctx)?.();
}
