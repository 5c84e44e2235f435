import { Fragment } from 'react';
import { AppPath } from '@wps/contract/routes';
import { LEGAL_KINDS, type LegalKind } from '@wps/contract/trust';
import { WpsError } from '@/api/errors';
import { fetchLegalDocument } from '@/api/endpoints/legal';
import { LEGAL_TITLES } from '@/features/legal';
import { AppLink } from '@/features/navigation';
import { useT } from '@/i18n/I18nProvider';
import type { MessageKey } from '@/i18n';
import { useLocation } from '@/platform/router';
import { useQuery } from '@/queries/useQuery';
import { Loading } from '@/ui/Loading';
import { useDateText } from '@/ui/useDateText';
import { legalBlocks, linkParts } from './legalText';
import './legal.css';

function kindOf(pathname: string): LegalKind | null {
  const kind = pathname.replace(/^\/legal\//, '').replace(/\/+$/, '');
  return (LEGAL_KINDS as readonly string[]).includes(kind) ? (kind as LegalKind) : null;
}

function Linked({ text }: { text: string }) {
  return linkParts(text).map((part, index) =>
    part.href === undefined ? (
      <Fragment key={index}>{part.text}</Fragment>
    ) : (
      <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
        {part.text}
      </a>
    ),
  );
}

function Missing({ message, onRetry }: { message: MessageKey; onRetry?: () => void }) {
  const { t } = useT();
  return (
    <div className="legal-state" role={onRetry ? 'alert' : 'status'}>
      <p>{t(message)}</p>
      {onRetry && (
        <button type="button" className="button button-primary" onClick={onRetry}>
          {t('retry')}
        </button>
      )}
      <AppLink to={AppPath.home} className={onRetry ? 'button button-secondary' : 'button button-primary'}>
        {t('back_home')}
      </AppLink>
    </div>
  );
}

/** /m/legal/{kind}: the merchant's terms, privacy, responsible gaming, licence or cookie page. */
export function LegalScreen() {
  const { t, language } = useT();
  const dateText = useDateText();
  const kind = kindOf(useLocation().pathname);
  // The server answers in the interface language (or the merchant's closest): another language,
  // another answer.
  const state = useQuery(
    kind === null ? null : { key: ['legal', kind, language], load: () => fetchLegalDocument(kind) },
  );
  const page = state.status === 'ready' ? state.data : null;
  const notFound =
    kind === null ||
    (state.status === 'failed' && state.error instanceof WpsError && state.error.status === 404);
  return (
    <section aria-labelledby="screen-title" className="legal" data-testid="legal-screen">
      {page ? (
        <article lang={page.language.toLowerCase()} dir="auto">
          <h1 id="screen-title" className="screen-title">
            {page.title}
          </h1>
          <p className="legal-version">
            {t('legal_version', { version: String(page.version), date: dateText(page.publishedAt) })}
          </p>
          {legalBlocks(page.body).map((block, index) =>
            block.kind === 'heading' ? (
              <h2 key={index}>{block.text}</h2>
            ) : block.kind === 'list' ? (
              <ul key={index}>
                {block.items.map((item, at) => (
                  <li key={at}>
                    <Linked text={item} />
                  </li>
                ))}
              </ul>
            ) : (
              <p key={index}>
                <Linked text={block.text} />
              </p>
            ),
          )}
        </article>
      ) : (
        <>
          <h1 id="screen-title" className="screen-title">
            {kind === null ? t('page_legal') : t(LEGAL_TITLES[kind])}
          </h1>
          {notFound ? (
            <Missing message="legal_not_found" />
          ) : state.status === 'failed' ? (
            <Missing message="legal_error" onRetry={state.retry} />
          ) : (
            <Loading />
          )}
        </>
      )}
    </section>
  );
}
