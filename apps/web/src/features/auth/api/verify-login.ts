import type { LoginVerifyInput } from '@nuage/shared/schemas/two-factor';
import { errors } from '@nuage/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/login/verify: the login's second step; success sets the session cookie. */
export function verifyLogin(input: LoginVerifyInput) {
  return api<{ access_token: string }>('/auth/login/verify', {
    method: 'POST',
    body: input,
    errorMessage: errors.login,
  });
}

export function useVerifyLogin() {
  return useMutation({ mutationFn: verifyLogin });
}
