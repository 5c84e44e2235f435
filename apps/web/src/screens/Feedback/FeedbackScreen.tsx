import { PlaceholderScreen } from '@/ui/PlaceholderScreen';

export function FeedbackScreen() {
  return <PlaceholderScreen titleKey="page_feedback" />;
}
