import { PlaceholderScreen } from '../../ui/PlaceholderScreen';

export function RegisterScreen() {
  return <PlaceholderScreen titleKey="page_register" />;
}
