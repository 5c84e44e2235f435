import { PlaceholderScreen } from '../../ui/PlaceholderScreen';

export function ActivityScreen() {
  return <PlaceholderScreen titleKey="page_activity" />;
}
