import type { LoginInput } from '@nuage/shared/schemas/auth';
import type { LoginResult } from '@nuage/shared/schemas/two-factor';
import { errors } from '@nuage/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The session arrives as a cookie; a 202 names the step still needed (TOTP or mailed code). */
export function login(input: LoginInput) {
  return api<LoginResult>('/auth/login', {
    method: 'POST',
    body: input,
    errorMessage: errors.login,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
