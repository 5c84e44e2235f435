import type { EndpointInput } from '@wps/contract/endpoints';
import type { StaffMerchantView } from '@wps/contract/merchantAdmin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffKeys } from '@/api/keys';
import { staffCall } from '@/api/staffCall';

/** The merchants the staff member may edit (their own, until the platform operator's role lands). */
export function useMerchantList(enabled = true) {
  return useQuery({
    queryKey: staffKeys.merchants(),
    queryFn: () => staffCall('staffMerchants', {}),
    enabled,
  });
}

export function useMerchant(code: string | undefined) {
  return useQuery({
    queryKey: staffKeys.merchant(code ?? ''),
    queryFn: () => staffCall('staffMerchant', { code: code ?? '' }),
    enabled: code !== undefined,
  });
}

/** A section's save: the answer is the merchant as stored, which the forms show at once. */
export function useMerchantSave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EndpointInput<'staffMerchantSave'>) => staffCall('staffMerchantSave', input),
    onSuccess: (saved: StaffMerchantView) => client.setQueryData(staffKeys.merchant(saved.code), saved),
  });
}

export function useThemeSave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EndpointInput<'staffThemeSave'>) => staffCall('staffThemeSave', input),
    onSuccess: (saved: StaffMerchantView) => client.setQueryData(staffKeys.merchant(saved.code), saved),
  });
}

/** Lines of a text area as a list: trimmed, empty ones dropped. */
export const linesOf = (text: string): string[] =>
  text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
