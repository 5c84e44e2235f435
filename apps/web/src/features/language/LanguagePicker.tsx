import { ALL_LANGUAGES, LOCALE_MAP, type LanguageCode } from '@wps/contract/languages';
import { LANGUAGE_NAMES } from '@wps/contract/languageNames';
import { useState } from 'react';
import { useT } from '@/i18n/I18nProvider';
import { languageStore } from '@/state/language';
import { changeLanguage } from './changeLanguage';
import './language.css';

/**
 * Every interface language by its own name (spec section 9, the contract's LANGUAGE_NAMES); the
 * current one is pressed. A choice switches the app at once (see changeLanguage).
 */
export function LanguagePicker({ onChanged }: { onChanged?: (language: LanguageCode) => void }) {
  const { t } = useT();
  const current = languageStore.use()?.language;
  const [busy, setBusy] = useState(false);
  const [syncFailed, setSyncFailed] = useState(false);

  const pick = async (language: LanguageCode) => {
    if (busy) return;
    // The language already in use: nothing to switch, but the choice is made (a dialog closes).
    if (language === current) {
      onChanged?.(language);
      return;
    }
    setBusy(true);
    setSyncFailed(false);
    try {
      const result = await changeLanguage(language);
      setSyncFailed(result === 'syncFailed');
      onChanged?.(language);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="language-picker">
      <ul className="language-list" aria-label={t('language_title')}>
        {ALL_LANGUAGES.map((code) => (
          <li key={code}>
            <button
              type="button"
              className="language-option"
              lang={LOCALE_MAP[code]}
              aria-pressed={code === current}
              disabled={busy}
              onClick={() => void pick(code)}
            >
              {LANGUAGE_NAMES[code]}
            </button>
          </li>
        ))}
      </ul>
      <p className="language-status" role="status">
        {syncFailed ? t('language_sync_failed') : ''}
      </p>
    </div>
  );
}
