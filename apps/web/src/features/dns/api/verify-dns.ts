import type { DnsHelp } from '@nuage/shared/dns-help';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deploymentQueryKey } from '@/lib/deployment-cache-keys';
import { dnsQueryOptions } from './get-dns';

/**
 * POST /deployments/deployment/{id}/dns/verify (« Vérifier le DNS », developers and admins):
 * the server looks for the proof of control now and answers the DNS card as it then stands.
 */
export function verifyDns(id: string) {
  return api<DnsHelp>(`/deployments/deployment/${encodeURIComponent(id)}/dns/verify`, {
    method: 'POST',
    // Said inside the card, beside the button.
    errorMessage: false,
  });
}

export function useVerifyDns(id: string, domain: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => verifyDns(id),
    onSuccess: (help) => {
      queryClient.setQueryData(dnsQueryOptions(id, domain).queryKey, help);
      // Verified: the login address and the status change; the application is read again.
      if (help.propriete.statut === 'verifie')
        void queryClient.invalidateQueries({ queryKey: deploymentQueryKey(id) });
    },
    // A claim past its delay, or the name verified elsewhere, was withdrawn: the page reads
    // the application again (its domain and events say so).
    onError: () => void queryClient.invalidateQueries({ queryKey: deploymentQueryKey(id) }),
  });
}
