import { PlaceholderScreen } from '@/ui/PlaceholderScreen';

export function AgentRegisterScreen() {
  return <PlaceholderScreen titleKey="page_agent_register" />;
}
