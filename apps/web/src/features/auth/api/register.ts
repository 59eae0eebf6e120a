import type { RegisterInput } from '@nuage/shared/schemas/auth';
import { errors } from '@nuage/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function register(input: RegisterInput) {
  return api<{ message: string }>('/auth/register', {
    method: 'POST',
    body: input,
    errorMessage: errors.register,
  });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
