import { PlaceholderScreen } from '../../ui/PlaceholderScreen';

export function ChangePasswordScreen() {
  return <PlaceholderScreen titleKey="page_change_password" />;
}
