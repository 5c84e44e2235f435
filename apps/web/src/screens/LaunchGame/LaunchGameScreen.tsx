import { PlaceholderScreen } from '../../ui/PlaceholderScreen';

export function LaunchGameScreen() {
  return <PlaceholderScreen titleKey="page_launch_game" />;
}
