import type { EndpointInput } from '@wps/contract/endpoints';
import type { StaffGamesView } from '@wps/contract/gamesAdmin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffKeys } from '@/api/keys';
import { staffCall } from '@/api/staffCall';

/** The Games section's writes: each answers the whole section. */
export type GamesWrite =
  | { name: 'staffGamesCategoryOrder'; input: EndpointInput<'staffGamesCategoryOrder'> }
  | { name: 'staffGamesVendorOrder'; input: EndpointInput<'staffGamesVendorOrder'> }
  | { name: 'staffGamesOrder'; input: EndpointInput<'staffGamesOrder'> }
  | { name: 'staffGameHot'; input: EndpointInput<'staffGameHot'> }
  | { name: 'staffGameAvailability'; input: EndpointInput<'staffGameAvailability'> }
  | { name: 'staffVendorAvailability'; input: EndpointInput<'staffVendorAvailability'> }
  | { name: 'staffVendorMaintenance'; input: EndpointInput<'staffVendorMaintenance'> };

function send(write: GamesWrite): Promise<StaffGamesView> {
  switch (write.name) {
    case 'staffGamesCategoryOrder':
      return staffCall(write.name, write.input);
    case 'staffGamesVendorOrder':
      return staffCall(write.name, write.input);
    case 'staffGamesOrder':
      return staffCall(write.name, write.input);
    case 'staffGameHot':
      return staffCall(write.name, write.input);
    case 'staffGameAvailability':
      return staffCall(write.name, write.input);
    case 'staffVendorAvailability':
      return staffCall(write.name, write.input);
    case 'staffVendorMaintenance':
      return staffCall(write.name, write.input);
  }
}

export function useGames(enabled: boolean) {
  const client = useQueryClient();
  const view = useQuery({ queryKey: staffKeys.games(), queryFn: () => staffCall('staffGames', {}), enabled });
  // The answer is what the server stored: shown as is, never the screen's own guess.
  const save = useMutation({
    mutationFn: send,
    onSuccess: (saved) => client.setQueryData(staffKeys.games(), saved),
  });
  return { view, save };
}
