import { PROMO_CODE_MAX_LENGTH } from '@wps/contract/content';
import { useId, useState, type FormEvent } from 'react';
import { claimPromoCode, fetchPromoCodeEnable } from '@/api/endpoints/content';
import { WpsError } from '@/api/errors';
import { AppLink } from '@/features/navigation';
import type { MessageKey } from '@/i18n';
import { useT } from '@/i18n/I18nProvider';
import { loginRedirectFor } from '@/lib/navigation';
import { useLocation } from '@/platform/router';
import { useQuery } from '@/queries/useQuery';
import { useSession } from '@/state/session';
import { promoCodeErrorKey, promoCodeInputError } from '@/screens/Activity/hooks/promoCode';

type BoxState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'claimed'; code: string }
  | { kind: 'refused'; key: MessageKey };

/**
 * The promo-code box of a promotion (issue 15 item 6), shown when PROMOFE_getPromoCodeEnable says
 * so. A visitor is offered the login (back to this promotion); a member types a code and claims it,
 * once: the server decides, the box says what it answered in the member's language.
 */
export function PromoCodeBox({ promotionId }: { promotionId: string }) {
  const { t } = useT();
  const session = useSession();
  const location = useLocation();
  const enabled = useQuery({ key: ['promoCodeEnable'], load: fetchPromoCodeEnable });
  const [code, setCode] = useState('');
  const [state, setState] = useState<BoxState>({ kind: 'idle' });
  const inputId = useId();
  const messageId = useId();
  if (enabled.status !== 'ready' || enabled.data?.enabled !== true) return null;

  const title = (
    <h2 id={`${inputId}-title`} className="promo-code-title">
      {t('promo_code_label')}
    </h2>
  );
  if (!session?.token) {
    return (
      <section className="promo-code" aria-labelledby={`${inputId}-title`}>
        {title}
        <p>
          <AppLink
            to={loginRedirectFor(`/m${location.pathname}`, location.search, '')}
            className="button button-primary"
          >
            {t('promo_code_login')}
          </AppLink>
        </p>
      </section>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.kind === 'sending') return;
    const problem = promoCodeInputError(code);
    if (problem !== null) {
      setState({ kind: 'refused', key: problem });
      return;
    }
    setState({ kind: 'sending' });
    try {
      const claim = await claimPromoCode(code, promotionId);
      setState({ kind: 'claimed', code: claim.code });
    } catch (error) {
      setState({
        kind: 'refused',
        key: promoCodeErrorKey(error instanceof WpsError ? error.errorCode : null),
      });
    }
  };

  return (
    <section className="promo-code" aria-labelledby={`${inputId}-title`}>
      {title}
      <form className="promo-code-form" onSubmit={(event) => void submit(event)} noValidate>
        <input
          id={inputId}
          name="promoCode"
          className="promo-code-input"
          aria-labelledby={`${inputId}-title`}
          value={code}
          maxLength={PROMO_CODE_MAX_LENGTH + 8}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={state.kind === 'refused'}
          aria-describedby={messageId}
          onChange={(event) => {
            setCode(event.target.value);
            if (state.kind === 'refused') setState({ kind: 'idle' });
          }}
        />
        <button type="submit" className="button button-primary" disabled={state.kind === 'sending'}>
          {t('promo_code_submit')}
        </button>
      </form>
      <p
        id={messageId}
        className={state.kind === 'refused' ? 'promo-code-message promo-code-error' : 'promo-code-message'}
        role={state.kind === 'refused' ? 'alert' : 'status'}
      >
        {state.kind === 'refused' && t(state.key)}
        {state.kind === 'claimed' && t('promo_code_success', { code: state.code })}
        {(state.kind === 'idle' || state.kind === 'sending') && t('promo_code_hint')}
      </p>
    </section>
  );
}
