import type { ReactNode } from 'react';
import { errorText } from '@/api/errorText';
import { t } from '@/i18n/t';

/** A section's card with its heading (the region is named by it). */
export function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function Loading() {
  return (
    <p className="note" role="status">
      {t('loading')}
    </p>
  );
}

/** A failed load, in words, with a way to try again. */
export function LoadError({ error, retry }: { error: unknown; retry?: () => void }) {
  return (
    <div className="load-error" role="alert">
      <p>{errorText(error)}</p>
      {retry && (
        <button type="button" className="button button-ghost" onClick={retry}>
          {t('retry')}
        </button>
      )}
    </div>
  );
}

/** A call's result line: polite for an outcome, an alert for a refusal. */
export function Outcome({ text, failed, id }: { text: string; failed?: boolean; id?: string }) {
  return (
    <p id={id} className={failed ? 'outcome error' : 'outcome'} role={failed ? 'alert' : 'status'}>
      {text}
    </p>
  );
}
