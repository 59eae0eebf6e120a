import { errors } from '@nuage/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function requestPasswordReset(input: { email: string }) {
  return api<{ message: string }>('/auth/request-password-reset', {
    method: 'POST',
    body: input,
    errorMessage: errors.forgotPassword,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
