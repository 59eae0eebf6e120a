import { errors } from '@nuage/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function resendVerification(input: { email: string }) {
  return api<{ message: string }>('/auth/resend-verification', {
    method: 'POST',
    body: input,
    errorMessage: errors.resend,
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
