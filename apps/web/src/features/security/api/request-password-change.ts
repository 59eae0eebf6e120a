import { errors } from '@nuage/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Changing the password from the profile mails a reset link to the user's own address. */
export function requestPasswordChange(input: { email: string }) {
  return api<{ message: string }>('/auth/request-password-reset', {
    method: 'POST',
    body: input,
    errorMessage: errors.forgotPassword,
  });
}

export function useRequestPasswordChange() {
  return useMutation({ mutationFn: requestPasswordChange });
}
