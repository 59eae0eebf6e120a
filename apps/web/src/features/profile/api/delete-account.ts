import { errors } from '@nuage/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function deleteAccount() {
  return api<{ message: string }>('/users/me', {
    method: 'DELETE',
    errorMessage: errors.accountDelete,
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
