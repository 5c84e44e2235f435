import type { StaffSignedIn } from '@wps/contract/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffKeys } from '@/api/keys';
import { StaffCallError, staffCall } from '@/api/staffCall';

/** Who is signed in: null without a session (or once it ended); other failures are errors. */
export function useMe() {
  return useQuery({
    queryKey: staffKeys.me(),
    queryFn: async (): Promise<StaffSignedIn | null> => {
      try {
        return await staffCall('staffMe', {});
      } catch (error) {
        if (error instanceof StaffCallError && error.errorCode === 'staff_not_signed_in') return null;
        throw error;
      }
    },
    staleTime: Infinity,
    retry: false,
  });
}

export interface Credentials {
  username: string;
  password: string;
  code: string;
}

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (credentials: Credentials) => staffCall('staffLogin', credentials),
    onSuccess: (me) => {
      // Nothing of an earlier session is kept for the new one.
      client.removeQueries({ predicate: (query) => query.queryKey[1] !== 'me' });
      client.setQueryData(staffKeys.me(), me);
    },
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => staffCall('staffLogout', {}),
    // Signed out here whatever the server said: a failed call leaves at worst a session that expires.
    onSettled: () => {
      client.removeQueries({ predicate: (query) => query.queryKey[1] !== 'me' });
      client.setQueryData(staffKeys.me(), null);
    },
  });
}
