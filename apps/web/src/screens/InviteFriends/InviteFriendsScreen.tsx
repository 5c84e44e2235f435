import { PlaceholderScreen } from '@/ui/PlaceholderScreen';

export function InviteFriendsScreen() {
  return <PlaceholderScreen titleKey="page_invite_friends" />;
}
