import { PlaceholderScreen } from '../../ui/PlaceholderScreen';

export function MemberHomeScreen() {
  return <PlaceholderScreen titleKey="page_member_home" />;
}
