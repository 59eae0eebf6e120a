import type { TwoFactorStatus } from '@nuage/shared/schemas/two-factor';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getTwoFactor(signal?: AbortSignal) {
  return api<TwoFactorStatus>('/users/me/2fa', { signal, errorMessage: false });
}

export const twoFactorQueryOptions = () =>
  queryOptions({ queryKey: ['users', 'me', '2fa'], queryFn: ({ signal }) => getTwoFactor(signal) });
