import type { ResetPasswordInput } from '@nuage/shared/schemas/auth';
import { errors } from '@nuage/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function resetPassword(input: ResetPasswordInput) {
  return api<{ message: string }>('/auth/reset-password', {
    method: 'POST',
    body: input,
    errorMessage: errors.resetDefault,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
