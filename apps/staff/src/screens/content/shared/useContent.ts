import type { EditableAnnouncementType } from '@wps/contract/contentAdmin';
import type { EndpointInput, StaffEndpointName } from '@wps/contract/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffKeys } from '@/api/keys';
import { staffCall } from '@/api/staffCall';

/** The lobby content queries and writes of the Content section (issue 30 item 5). */

export const useBanners = () =>
  useQuery({ queryKey: staffKeys.banners(), queryFn: () => staffCall('staffBanners', {}) });

export const useBannerLinks = () =>
  useQuery({ queryKey: staffKeys.bannerLinks(), queryFn: () => staffCall('staffBannerLinkChoices', {}) });

export const useAnnouncements = (type: EditableAnnouncementType) =>
  useQuery({
    queryKey: staffKeys.announcements(type),
    queryFn: () => staffCall('staffAnnouncements', { type }),
  });

export const usePopupOptions = () =>
  useQuery({ queryKey: staffKeys.popupOptions(), queryFn: () => staffCall('staffPopupOptions', {}) });

type ContentWrite =
  | 'staffBannerCreate'
  | 'staffBannerSave'
  | 'staffBannerRetire'
  | 'staffAnnouncementCreate'
  | 'staffAnnouncementSave'
  | 'staffAnnouncementRetire'
  | 'staffPopupOptionsSave';

/** A write of the section; every list of the section is read again after it (status, order). */
export function useContentWrite<Name extends ContentWrite & StaffEndpointName>(name: Name) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EndpointInput<Name>) => staffCall(name, input),
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.content() }),
  });
}
