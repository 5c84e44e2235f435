import type { StaffAuditEntry, StaffPermission } from '@wps/contract/staff';
import { useInfiniteQuery } from '@tanstack/react-query';
import { staffKeys } from '@/api/keys';
import { staffCall } from '@/api/staffCall';
import { t } from '@/i18n/t';
import { Card, LoadError, Loading } from '@/ui/States';

/** The merchant's whole chain as a file (outside the endpoint table: not an envelope). */
export const AUDIT_CSV_PATH = '/wps/staff/audit.csv';

/** Enough of a SHA-256 hex to tell links apart by eye; the full value is in the title and for screen readers. */
const SHORT_HASH = 12;

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'medium' });

function staffOf(entry: StaffAuditEntry): string {
  if (entry.staffName !== null) return entry.staffName;
  // A staff member since removed keeps their id in the chain; nobody (a refused sign-in) is a dash.
  return entry.staffId === null ? '—' : t('audit_staff', { id: entry.staffId });
}

function Row({ entry }: { entry: StaffAuditEntry }) {
  const refused = entry.outcome === 'refused';
  return (
    <tr>
      <td className="n">{entry.seq}</td>
      <td>
        <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>
      </td>
      <td>{staffOf(entry)}</td>
      <td>{entry.action}</td>
      <td className={refused ? 'refused' : undefined}>
        {refused ? t('chain_refused', { code: entry.errorCode ?? '—' }) : t('chain_ok')}
      </td>
      <td className="mono">{entry.ip}</td>
      <td className="mono">{entry.requestId}</td>
      <td className="mono">
        <span title={entry.hash} aria-hidden="true">
          {entry.hash.slice(0, SHORT_HASH)}…
        </span>
        <span className="visually-hidden">{t('chain_hash_full', { hash: entry.hash })}</span>
      </td>
    </tr>
  );
}

/**
 * The staff audit chain (audit:read): every staff write and refused attempt of the merchant, oldest
 * first, 100 links a page. The chain only grows at its end, so "Load more" asks after the last link
 * shown — also once the last page was short, for links appended since.
 */
export function AuditScreen({ permissions }: { permissions: readonly StaffPermission[] }) {
  const mayRead = permissions.includes('audit:read');
  const chain = useInfiniteQuery({
    queryKey: staffKeys.chain(),
    queryFn: ({ pageParam }) => staffCall('staffAuditLog', pageParam === 0 ? {} : { afterSeq: pageParam }),
    initialPageParam: 0,
    // An empty page keeps the position: the next click asks after the same link.
    getNextPageParam: (last, _pages, lastParam) => last.at(-1)?.seq ?? lastParam,
    enabled: mayRead,
  });
  if (!mayRead) {
    return (
      <p className="card error" role="alert">
        {t('chain_denied')}
      </p>
    );
  }
  const pages = chain.data?.pages ?? [];
  const entries = pages.flat();
  const nothingNewer = pages.length > 1 && pages.at(-1)?.length === 0;

  return (
    <Card id="staff-audit" title={t('chain_title')}>
      <p className="note">{t('chain_intro')}</p>
      <p className="actions">
        <a className="button button-ghost" href={AUDIT_CSV_PATH} download>
          {t('chain_csv')}
        </a>
      </p>
      {chain.isPending && <Loading />}
      {chain.isError && !chain.isFetchNextPageError && (
        <LoadError error={chain.error} retry={() => void chain.refetch()} />
      )}
      {chain.isSuccess && entries.length === 0 && <p className="note">{t('chain_empty')}</p>}
      {entries.length > 0 && (
        <>
          <div className="table-wrap chain">
            <table aria-busy={chain.isFetching}>
              <caption>{t('chain_caption', { count: entries.length })}</caption>
              <thead>
                <tr>
                  <th scope="col" className="n">
                    {t('chain_seq')}
                  </th>
                  <th scope="col">{t('audit_when')}</th>
                  <th scope="col">{t('chain_staff')}</th>
                  <th scope="col">{t('audit_action')}</th>
                  <th scope="col">{t('chain_outcome')}</th>
                  <th scope="col">{t('chain_ip')}</th>
                  <th scope="col">{t('chain_request')}</th>
                  <th scope="col">{t('chain_hash')}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <Row key={entry.seq} entry={entry} />
                ))}
              </tbody>
            </table>
          </div>
          {chain.isFetchNextPageError && (
            <LoadError error={chain.error} retry={() => void chain.fetchNextPage()} />
          )}
          {nothingNewer && (
            <p className="note" role="status">
              {t('chain_nothing_newer')}
            </p>
          )}
          <p className="actions">
            <button
              type="button"
              className="button button-ghost"
              disabled={chain.isFetchingNextPage}
              onClick={() => void chain.fetchNextPage()}
            >
              {chain.isFetchingNextPage ? t('loading') : t('chain_more')}
            </button>
          </p>
        </>
      )}
    </Card>
  );
}
