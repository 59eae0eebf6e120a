import type { LoginInput } from '@nuage/shared/schemas/auth';
import { errors } from '@nuage/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function login(input: LoginInput) {
  return api<{ access_token: string }>('/auth/login', {
    method: 'POST',
    body: input,
    errorMessage: errors.login,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
