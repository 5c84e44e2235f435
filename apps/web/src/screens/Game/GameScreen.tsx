import { PlaceholderScreen } from '../../ui/PlaceholderScreen';

export function GameScreen() {
  return <PlaceholderScreen titleKey="page_game" />;
}
