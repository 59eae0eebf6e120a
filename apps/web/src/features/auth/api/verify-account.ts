import { errors } from '@nuage/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function verifyAccount(input: { email: string; token: string }) {
  return api<{ message: string; client_folder_created: boolean }>('/auth/verify-account', {
    method: 'POST',
    body: input,
    errorMessage: errors.verify,
  });
}

export function useVerifyAccount() {
  return useMutation({ mutationFn: verifyAccount });
}
