import type { LanguageCode } from '@wps/contract/languages';
import type { StaffPromotions } from '@wps/contract/offersAdmin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorText } from '@/api/errorText';
import { staffKeys } from '@/api/keys';
import { staffCall } from '@/api/staffCall';
import { t } from '@/i18n/t';
import { Field } from '@/ui/Field';
import { Card, Outcome } from '@/ui/States';
import { LanguageTabs } from './LanguageTabs';

/** The promotion categories (the tabs of the member's promotions page): a code and a name per language. */
export function Categories({ data, canWrite }: { data: StaffPromotions; canWrite: boolean }) {
  const client = useQueryClient();
  const [code, setCode] = useState('');
  const [names, setNames] = useState<Partial<Record<LanguageCode, string>>>({});
  const [active, setActive] = useState<LanguageCode>(data.defaultLanguage);
  const save = useMutation({
    mutationFn: () =>
      staffCall('staffPromotionCategorySave', {
        code,
        position: data.categories.length,
        names: Object.fromEntries(Object.entries(names).filter(([, name]) => name.trim() !== '')),
      }),
    onSuccess: async () => {
      setCode('');
      setNames({});
      await client.invalidateQueries({ queryKey: staffKeys.promotions() });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Card id="categories" title={t('offers_categories_title')}>
      {data.categories.length === 0 ? (
        <p className="note">{t('offers_categories_empty')}</p>
      ) : (
        <ul>
          {data.categories.map((category) => (
            <li key={category.id}>
              <span className="mono">{category.code}</span> —{' '}
              {Object.entries(category.names)
                .map(([language, name]) => `${language}: ${name}`)
                .join(' · ')}
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <form className="auth-form" onSubmit={onSubmit} noValidate>
          <Field label={t('offers_category_code')} value={code} onChange={(e) => setCode(e.target.value)} />
          <LanguageTabs
            languages={data.languages}
            defaultLanguage={data.defaultLanguage}
            active={active}
            written={(language) => (names[language] ?? '').trim() !== ''}
            onSelect={setActive}
          >
            <Field
              label={t('offers_category_name', { language: active })}
              value={names[active] ?? ''}
              onChange={(e) => setNames({ ...names, [active]: e.target.value })}
            />
          </LanguageTabs>
          {save.isError && <Outcome failed text={errorText(save.error)} />}
          <button type="submit" className="button button-accent" disabled={save.isPending}>
            {t('offers_category_save')}
          </button>
        </form>
      )}
    </Card>
  );
}
