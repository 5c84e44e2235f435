import { useT } from '@/i18n/I18nProvider';
import type { FormMessage } from '@/ui/form/formRules';

/**
 * A message about the whole form (no one field is to blame), above its submit button: a catalog
 * message, or `text` already fit to show (a server's sentence that is not about a field).
 */
export function FormMessageLine({ message, text }: { message: FormMessage | null; text?: string | null }) {
  const { t } = useT();
  const shown = message ? t(message.key, message.params) : text;
  if (!shown) return null;
  return (
    <p className="auth-error" role="alert">
      {shown}
    </p>
  );
}
