import type { StaffPromoCode, StaffPromoCodes } from '@wps/contract/offersAdmin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorText } from '@/api/errorText';
import { staffKeys } from '@/api/keys';
import { staffCall } from '@/api/staffCall';
import { t } from '@/i18n/t';
import { Field, SelectField } from '@/ui/Field';
import { Card, LoadError, Loading, Outcome } from '@/ui/States';
import { fromLocalInput, StatusBadge, toLocalInput, windowText } from './LanguageTabs';

/**
 * A promo code's form. A claimed code (locked) keeps its name, promotion, bonus and start — what
 * its members were granted; only its end and its limit may change (the server holds to it too).
 */
function CodeForm({
  data,
  code,
  close,
}: {
  data: StaffPromoCodes;
  code: StaffPromoCode | null;
  close: () => void;
}) {
  const client = useQueryClient();
  const locked = code?.locked === true;
  const [name, setName] = useState(code?.code ?? '');
  const [promotionId, setPromotionId] = useState(
    code?.promotionId === null || code === null ? '' : String(code.promotionId),
  );
  const [bonusOffer, setBonusOffer] = useState(code?.bonusOffer ?? '');
  const [maxClaims, setMaxClaims] = useState(
    code?.maxClaims === null || code === null ? '' : String(code.maxClaims),
  );
  const [startsAt, setStartsAt] = useState(toLocalInput(code?.startsAt ?? new Date().toISOString()));
  const [endsAt, setEndsAt] = useState(toLocalInput(code?.endsAt ?? null));
  const save = useMutation({
    mutationFn: () => {
      const input = {
        code: name,
        promotionId: promotionId === '' ? null : Number(promotionId),
        bonusOffer: bonusOffer === '' ? null : bonusOffer,
        maxClaims: maxClaims === '' ? null : Number(maxClaims),
        startsAt: fromLocalInput(startsAt) ?? '',
        endsAt: fromLocalInput(endsAt),
      };
      return code === null
        ? staffCall('staffPromoCodeCreate', input)
        : staffCall('staffPromoCodeSave', { ...input, id: code.id });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.promoCodes() }).then(close),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label={t('offers_code_form')}>
      {locked && <p className="note">{t('offers_code_locked', { claims: code.claims })}</p>}
      <Field
        label={t('offers_code_name')}
        value={name}
        disabled={locked}
        onChange={(e) => setName(e.target.value.toUpperCase())}
      />
      <SelectField
        label={t('offers_code_promotion')}
        value={promotionId}
        disabled={locked}
        onChange={(e) => setPromotionId(e.target.value)}
      >
        <option value="">{t('offers_none')}</option>
        {data.promotions.map((promotion) => (
          <option key={promotion.id} value={promotion.id}>
            {promotion.title}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('offers_code_bonus')}
        value={bonusOffer}
        disabled={locked}
        onChange={(e) => setBonusOffer(e.target.value)}
      >
        <option value="">{t('offers_none')}</option>
        {data.bonusOffers.map((offer) => (
          <option key={offer.code} value={offer.code}>
            {t('offers_bonus_offer', {
              code: offer.code,
              percent: offer.percent,
              cap: offer.maxBonus,
              turnover: offer.turnoverMultiplier,
            })}
          </option>
        ))}
      </SelectField>
      <Field
        label={t('offers_code_limit')}
        type="number"
        min={1}
        value={maxClaims}
        onChange={(e) => setMaxClaims(e.target.value)}
      />
      <Field
        label={t('offers_starts')}
        type="datetime-local"
        value={startsAt}
        disabled={locked}
        onChange={(e) => setStartsAt(e.target.value)}
      />
      <Field
        label={t('offers_ends')}
        type="datetime-local"
        value={endsAt}
        onChange={(e) => setEndsAt(e.target.value)}
      />
      {save.isError && <Outcome failed text={errorText(save.error)} />}
      <div className="actions">
        <button type="submit" className="button button-accent" disabled={save.isPending}>
          {t('offers_save')}
        </button>
        <button type="button" className="button button-ghost" onClick={close}>
          {t('offers_cancel')}
        </button>
      </div>
    </form>
  );
}

function CodeRow({ code, canWrite, edit }: { code: StaffPromoCode; canWrite: boolean; edit: () => void }) {
  const client = useQueryClient();
  const retire = useMutation({
    mutationFn: () => staffCall('staffPromoCodeRetire', { id: code.id }),
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.promoCodes() }),
  });
  return (
    <tr>
      <td className="mono">{code.code}</td>
      <td className="n">{code.maxClaims === null ? code.claims : `${code.claims} / ${code.maxClaims}`}</td>
      <td>{code.bonusOffer ?? '—'}</td>
      <td>{windowText(code.startsAt, code.endsAt)}</td>
      <td>
        <StatusBadge status={code.status} />
        {retire.isError && <Outcome failed text={errorText(retire.error)} />}
      </td>
      {canWrite && (
        <td className="actions">
          <button
            type="button"
            className="button button-ghost"
            onClick={edit}
            aria-label={t('offers_edit_label', { title: code.code })}
          >
            {t('offers_edit')}
          </button>
          {code.status !== 'ended' && (
            <button
              type="button"
              className="button button-ghost"
              disabled={retire.isPending}
              onClick={() => retire.mutate()}
              aria-label={t('offers_retire_label', { title: code.code })}
            >
              {t('offers_retire')}
            </button>
          )}
        </td>
      )}
    </tr>
  );
}

/** The merchant's promo codes: claims against their limit, the bonus each attaches, their window. */
export function PromoCodes({ canWrite }: { canWrite: boolean }) {
  const query = useQuery({
    queryKey: staffKeys.promoCodes(),
    queryFn: () => staffCall('staffPromoCodes', {}),
  });
  const [editing, setEditing] = useState<StaffPromoCode | 'new' | null>(null);
  return (
    <Card id="promo-codes" title={t('offers_codes_title')}>
      {query.isPending && <Loading />}
      {query.isError && <LoadError error={query.error} retry={() => void query.refetch()} />}
      {query.data && (
        <>
          {editing !== null && (
            <CodeForm
              key={editing === 'new' ? 'new' : editing.id}
              data={query.data}
              code={editing === 'new' ? null : editing}
              close={() => setEditing(null)}
            />
          )}
          {canWrite && editing === null && (
            <button type="button" className="button button-accent" onClick={() => setEditing('new')}>
              {t('offers_code_new')}
            </button>
          )}
          {query.data.codes.length === 0 ? (
            <p className="note">{t('offers_codes_empty')}</p>
          ) : (
            <div className="table-wrap">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('offers_code_name')}</th>
                    <th scope="col">{t('offers_col_claims')}</th>
                    <th scope="col">{t('offers_code_bonus')}</th>
                    <th scope="col">{t('offers_col_window')}</th>
                    <th scope="col">{t('offers_col_status')}</th>
                    {canWrite && <th scope="col">{t('offers_col_actions')}</th>}
                  </tr>
                </thead>
                <tbody>
                  {query.data.codes.map((code) => (
                    <CodeRow key={code.id} code={code} canWrite={canWrite} edit={() => setEditing(code)} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
