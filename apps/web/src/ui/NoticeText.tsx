import { useT } from '@/i18n/I18nProvider';
import type { NoticeText } from './notices';

export function useNoticeText(): (text: NoticeText) => string {
  const { t } = useT();
  return (text) => ('key' in text ? t(text.key, text.params) : text.text);
}
