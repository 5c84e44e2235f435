import type { StaffPromotion, StaffPromotions } from '@wps/contract/offersAdmin';
import type { StaffPermission } from '@wps/contract/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '@/api/errorText';
import { staffKeys } from '@/api/keys';
import { staffCall } from '@/api/staffCall';
import { t } from '@/i18n/t';
import { Card, LoadError, Loading, Outcome } from '@/ui/States';
import { Categories } from './Categories';
import { StatusBadge, windowText } from './LanguageTabs';
import { PromoCodes } from './PromoCodes';
import { PromotionEditor } from './PromotionEditor';
import '../offers.css';

function PromotionRow({
  promotion,
  data,
  canWrite,
  edit,
}: {
  promotion: StaffPromotion;
  data: StaffPromotions;
  canWrite: boolean;
  edit: () => void;
}) {
  const client = useQueryClient();
  const retire = useMutation({
    mutationFn: () => staffCall('staffPromotionRetire', { id: promotion.id }),
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.promotions() }),
  });
  const title = promotion.texts[data.defaultLanguage]?.title ?? '';
  return (
    <tr>
      <td>
        {title}
        <br />
        <span className="note">{Object.keys(promotion.texts).join(' · ')}</span>
      </td>
      <td>{promotion.category ?? '—'}</td>
      <td>{windowText(promotion.startsAt, promotion.endsAt)}</td>
      <td>
        <StatusBadge status={promotion.status} />
        {retire.isError && <Outcome failed text={errorText(retire.error)} />}
      </td>
      {canWrite && (
        <td className="actions">
          <button
            type="button"
            className="button button-ghost"
            onClick={edit}
            aria-label={t('offers_edit_label', { title })}
          >
            {t('offers_edit')}
          </button>
          {promotion.status !== 'ended' && (
            <button
              type="button"
              className="button button-ghost"
              disabled={retire.isPending}
              onClick={() => retire.mutate()}
              aria-label={t('offers_retire_label', { title })}
            >
              {t('offers_retire')}
            </button>
          )}
        </td>
      )}
    </tr>
  );
}

/**
 * Promotions (issue 30 item 5): the merchant's promotions with their status, an editor with a tab
 * per language and a preview, their categories and promo codes. Without content:write the lists
 * are read only (the server refuses the writes anyway).
 */
export function PromotionsScreen({ permissions }: { permissions: readonly StaffPermission[] }) {
  const canWrite = permissions.includes('content:write');
  const query = useQuery({
    queryKey: staffKeys.promotions(),
    queryFn: () => staffCall('staffPromotions', {}),
  });
  const [editing, setEditing] = useState<StaffPromotion | 'new' | null>(null);
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} retry={() => void query.refetch()} />;
  const data = query.data;
  return (
    <div className="offers-screen">
      {editing !== null && (
        <PromotionEditor
          key={editing === 'new' ? 'new' : editing.id}
          data={data}
          promotion={editing === 'new' ? null : editing}
          close={() => setEditing(null)}
        />
      )}
      <Card id="promotions" title={t('offers_promotions_title')}>
        {canWrite && editing === null && (
          <button type="button" className="button button-accent" onClick={() => setEditing('new')}>
            {t('offers_promotion_new')}
          </button>
        )}
        {data.promotions.length === 0 ? (
          <p className="note">{t('offers_promotions_empty')}</p>
        ) : (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('offers_col_title')}</th>
                  <th scope="col">{t('offers_category')}</th>
                  <th scope="col">{t('offers_col_window')}</th>
                  <th scope="col">{t('offers_col_status')}</th>
                  {canWrite && <th scope="col">{t('offers_col_actions')}</th>}
                </tr>
              </thead>
              <tbody>
                {data.promotions.map((promotion) => (
                  <PromotionRow
                    key={promotion.id}
                    promotion={promotion}
                    data={data}
                    canWrite={canWrite}
                    edit={() => setEditing(promotion)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <Categories data={data} canWrite={canWrite} />
      <PromoCodes canWrite={canWrite} />
    </div>
  );
}
