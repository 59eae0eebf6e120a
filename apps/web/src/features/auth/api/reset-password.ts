import type { ResetPasswordInput } from '@nuage/shared/schemas/auth';
import { errors } from '@nuage/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { api, ApiError, messageFromDetail } from '@/lib/api-client';
import { notify } from '@/lib/toast';

export function resetPassword(input: ResetPasswordInput) {
  // The failure toast is chosen below: a 400 has SPEC §8's own text, whatever the detail.
  return api<{ message: string }>('/auth/reset-password', {
    method: 'POST',
    body: input,
    errorMessage: false,
  });
}

/** SPEC §8: a 400 (invalid, expired or used link) reads the same fixed text; else the detail. */
export function resetErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return errors.resetDefault;
  if (err.status === 400) return errors.resetInvalidToken;
  if (err.status === 0) return errors.network;
  return messageFromDetail(err.detail, errors.resetDefault);
}

export function useResetPassword() {
  return useMutation({
    mutationFn: resetPassword,
    onError: (err) => notify.error(resetErrorMessage(err)),
  });
}
