import type { StaffGameVendor } from '@wps/contract/gamesAdmin';
import { useId, useState } from 'react';
import { t } from '@/i18n/t';
import { Card } from '@/ui/States';
import type { GamesProps } from './GamesScreen';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A `datetime-local` value (the staff member's local time) as an ISO time; null when empty. */
export function isoOfLocal(value: string): string | null {
  if (value === '') return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

/** A vendor's maintenance tag: on or off, and optionally when it ends by itself. */
function Maintenance({
  vendor,
  mayWrite,
  busy,
  save,
}: Omit<GamesProps, 'view'> & { vendor: StaffGameVendor }) {
  const [end, setEnd] = useState('');
  const endId = useId();
  const tag = (maintenance: boolean, until: string | null) =>
    save({ name: 'staffVendorMaintenance', input: { vendor: vendor.code, maintenance, until } });
  return (
    <div className="maintenance">
      <label className="toggle">
        <input
          type="checkbox"
          checked={vendor.maintenance}
          disabled={!mayWrite || busy}
          onChange={(event) => tag(event.target.checked, null)}
        />
        {t('games_maintenance')} <span className="visually-hidden">{vendor.displayName}</span>
      </label>
      {vendor.maintenanceUntil !== null && (
        <span className="note">
          {t('games_maintenance_until', { time: when.format(new Date(vendor.maintenanceUntil)) })}
        </span>
      )}
      {/* An end is given to a tag: shown once the vendor is tagged, so untagged rows stay one line. */}
      {mayWrite && vendor.maintenance && (
        <form
          className="row"
          onSubmit={(event) => {
            event.preventDefault();
            tag(true, isoOfLocal(end));
          }}
        >
          <div className="auth-field">
            <label htmlFor={endId}>
              {t('games_maintenance_end')} <span className="visually-hidden">{vendor.displayName}</span>
            </label>
            <input
              id={endId}
              type="datetime-local"
              value={end}
              onChange={(event) => setEnd(event.target.value)}
            />
          </div>
          <button type="submit" className="button button-ghost" disabled={busy || end === ''}>
            {t('games_maintenance_set')} <span className="visually-hidden">{vendor.displayName}</span>
          </button>
        </form>
      )}
    </div>
  );
}

/** Every vendor of the catalogue: offered by this merchant or not, and its maintenance tag. */
export function VendorTable({ view, mayWrite, busy, save }: GamesProps) {
  const title = new Map(view.categories.map((category) => [category.category, category.title]));
  return (
    <Card id="games-vendors" title={t('games_vendors')}>
      <p className="note">{t('games_vendors_intro')}</p>
      <div className="table-wrap vendor-table">
        <table>
          <caption className="visually-hidden">{t('games_vendors')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('games_vendor')}</th>
              <th scope="col">{t('games_category')}</th>
              <th scope="col">{t('games_games')}</th>
              <th scope="col">{t('games_offered')}</th>
              <th scope="col">{t('games_maintenance')}</th>
            </tr>
          </thead>
          <tbody>
            {view.vendors.map((vendor) => (
              <tr key={vendor.code}>
                <th scope="row">{vendor.displayName}</th>
                <td data-label={t('games_category')}>{title.get(vendor.category) ?? vendor.category}</td>
                <td className="n" data-label={t('games_games')}>
                  {vendor.gameCount}
                </td>
                <td>
                  <label className="toggle">
                    <input
                      type="checkbox"
                      checked={vendor.enabled}
                      disabled={!mayWrite || busy}
                      onChange={(event) =>
                        save({
                          name: 'staffVendorAvailability',
                          input: { vendor: vendor.code, enabled: event.target.checked },
                        })
                      }
                    />
                    {t('games_offered')} <span className="visually-hidden">{vendor.displayName}</span>
                  </label>
                </td>
                <td>
                  <Maintenance vendor={vendor} mayWrite={mayWrite} busy={busy} save={save} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
