import type { LanguageCode } from '@wps/contract/languages';
import type { LegalText, StaffLegalPage, StaffLegalPages } from '@wps/contract/offersAdmin';
import type { StaffPermission } from '@wps/contract/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorText } from '@/api/errorText';
import { staffKeys } from '@/api/keys';
import { staffCall } from '@/api/staffCall';
import { t } from '@/i18n/t';
import { Field, SelectField, TextAreaField } from '@/ui/Field';
import { Card, LoadError, Loading, Outcome } from '@/ui/States';
import { LanguageTabs } from '../promotions/LanguageTabs';
import '../offers.css';

type Texts = Partial<Record<LanguageCode, LegalText>>;
const EMPTY: LegalText = { title: '', body: '' };
const isWritten = (text: LegalText | undefined) =>
  text !== undefined && text.title.trim() !== '' && text.body.trim() !== '';
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A legal page's next version: starts from the current one's texts; publishing adds a version and
 * never edits the one before (members who accepted it keep what they accepted; for the terms, every
 * member is asked to accept the new one).
 */
function Publish({ data, page, close }: { data: StaffLegalPages; page: StaffLegalPage; close: () => void }) {
  const client = useQueryClient();
  const [texts, setTexts] = useState<Texts>(page.versions[0]?.texts ?? {});
  const [active, setActive] = useState<LanguageCode>(data.defaultLanguage);
  const publish = useMutation({
    mutationFn: () =>
      staffCall('staffLegalPublish', {
        kind: page.kind,
        basedOn: page.current ?? 0,
        texts: Object.fromEntries(Object.entries(texts).filter(([, text]) => isWritten(text))) as Texts,
      }),
    onSuccess: (pages) => {
      client.setQueryData(staffKeys.legal(), pages);
      close();
    },
  });
  const text = texts[active] ?? EMPTY;
  const edit = (change: Partial<LegalText>) => setTexts({ ...texts, [active]: { ...text, ...change } });
  const shown = isWritten(texts[active]) ? text : (texts[data.defaultLanguage] ?? EMPTY);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    publish.mutate();
  };
  const next = (page.current ?? 0) + 1;
  return (
    <form
      className="auth-form"
      onSubmit={onSubmit}
      noValidate
      aria-label={t('legal_publish_form', { version: next })}
    >
      <p className="note">
        {t(page.kind === 'terms' ? 'legal_publish_terms_note' : 'legal_publish_note', { version: next })}
      </p>
      <div className="editor-grid">
        <LanguageTabs
          languages={data.languages}
          defaultLanguage={data.defaultLanguage}
          active={active}
          written={(language) => isWritten(texts[language])}
          onSelect={setActive}
        >
          <Field
            label={t('offers_title_field', { language: active })}
            value={text.title}
            onChange={(e) => edit({ title: e.target.value })}
          />
          <TextAreaField
            label={t('legal_body')}
            rows={12}
            value={text.body}
            onChange={(e) => edit({ body: e.target.value })}
          />
        </LanguageTabs>
        <figure className="content-preview" aria-label={t('offers_preview')}>
          <figcaption className="note">{t('offers_preview_in', { language: active })}</figcaption>
          <article>
            <h3>{shown.title || t('offers_preview_empty')}</h3>
            <p className="legal-body">{shown.body}</p>
          </article>
        </figure>
      </div>
      {publish.isError && <Outcome failed text={errorText(publish.error)} />}
      <div className="actions">
        <button type="submit" className="button button-accent" disabled={publish.isPending}>
          {t('legal_publish', { version: next })}
        </button>
        <button type="button" className="button button-ghost" onClick={close}>
          {t('offers_cancel')}
        </button>
      </div>
    </form>
  );
}

const KIND_TEXT = {
  terms: 'legal_kind_terms',
  privacy: 'legal_kind_privacy',
  'responsible-gaming': 'legal_kind_responsible_gaming',
  licence: 'legal_kind_licence',
  cookies: 'legal_kind_cookies',
} as const;

/** Legal pages (issue 30 item 5): each kind's versions, the current one marked; a new version to publish. */
export function LegalScreen({ permissions }: { permissions: readonly StaffPermission[] }) {
  const canWrite = permissions.includes('content:write');
  const query = useQuery({ queryKey: staffKeys.legal(), queryFn: () => staffCall('staffLegalPages', {}) });
  const [kind, setKind] = useState<StaffLegalPage['kind']>('terms');
  const [publishing, setPublishing] = useState(false);
  const [viewed, setViewed] = useState<number | null>(null);
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} retry={() => void query.refetch()} />;
  const data = query.data;
  const page = data.pages.find((item) => item.kind === kind);
  const version = page?.versions.find((item) => item.version === (viewed ?? page.current));
  const shown = version?.texts[data.defaultLanguage] ?? Object.values(version?.texts ?? {})[0];
  return (
    <div className="offers-screen">
      <Card id="legal" title={t('legal_title')}>
        <SelectField
          label={t('legal_kind')}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as StaffLegalPage['kind']);
            setViewed(null);
            setPublishing(false);
          }}
        >
          {data.pages.map((item) => (
            <option key={item.kind} value={item.kind}>
              {t(KIND_TEXT[item.kind])}{' '}
              {item.current === null ? `(${t('legal_none')})` : `— v${item.current}`}
            </option>
          ))}
        </SelectField>
        {page === undefined || page.versions.length === 0 ? (
          <p className="note">{t('legal_empty')}</p>
        ) : (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('legal_version')}</th>
                  <th scope="col">{t('legal_published')}</th>
                  <th scope="col">{t('offers_languages')}</th>
                  <th scope="col">{t('offers_col_status')}</th>
                </tr>
              </thead>
              <tbody>
                {page.versions.map((item) => (
                  <tr key={item.version}>
                    <td>
                      <button
                        type="button"
                        className="button button-ghost"
                        onClick={() => setViewed(item.version)}
                      >
                        v{item.version}
                      </button>
                    </td>
                    <td>{when.format(new Date(item.publishedAt))}</td>
                    <td>{Object.keys(item.texts).join(' · ')}</td>
                    <td>
                      {item.version === page.current ? (
                        <span className="badge badge-live">{t('legal_current')}</span>
                      ) : (
                        <span className="badge badge-ended">{t('legal_superseded')}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {canWrite && page !== undefined && !publishing && (
          <button type="button" className="button button-accent" onClick={() => setPublishing(true)}>
            {t('legal_new_version')}
          </button>
        )}
      </Card>
      {publishing && page !== undefined && (
        <Card id="legal-publish" title={t('legal_new_version')}>
          <Publish data={data} page={page} close={() => setPublishing(false)} />
        </Card>
      )}
      {!publishing && shown !== undefined && version !== undefined && (
        <Card id="legal-view" title={t('legal_viewing', { version: version.version })}>
          <p className="note">{t('legal_immutable')}</p>
          <h3>{shown.title}</h3>
          <p className="legal-body">{shown.body}</p>
        </Card>
      )}
    </div>
  );
}
