import { useEffect, useState } from 'react';
import type { ActiveBreak, ResponsibleGamingStatus } from '@wps/contract/trust';
import { AppPath } from '@wps/contract/routes';
import { AppLink } from '@/features/navigation';
import {
  breakMessageKey,
  groupName,
  LIMIT_GROUPS,
  rgStatusQuery,
  useDateTimeText,
} from '@/features/responsibleGaming';
import { useT } from '@/i18n/I18nProvider';
import { useQuery } from '@/queries/useQuery';
import { Loading } from '@/ui/Loading';
import { BreakSection } from './components/BreakSection';
import { HelpLines } from './components/HelpLines';
import { LimitCard } from './components/LimitCard';
import { RealityCheckSection } from './components/RealityCheckSection';
import '@/ui/form/form.css';
import '@/ui/chips.css';
import './responsibleGaming.css';

/** Parked changes open and lapse with time: the screen reads its states again each minute. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * /m/responsible-gaming (issue 29 items 4–6): the member's ten limits by group, each with its value,
 * use and parked change; the reality-check interval; a time-out or self-exclusion; help lines. The
 * server decides everything: the screen shows its status and sends the member's choices.
 */
export function ResponsibleGamingScreen() {
  const { t } = useT();
  const status = useQuery(rgStatusQuery);
  return (
    <section aria-labelledby="screen-title" className="rg-screen">
      <h1 id="screen-title" className="screen-title">
        {t('page_responsible_gaming')}
      </h1>
      <p className="rg-muted">{t('rg_intro')}</p>
      {status.status === 'loading' && status.data === undefined && <Loading />}
      {status.data === undefined && status.status === 'failed' && (
        <div className="screen-card" role="alert">
          <p>{t('rg_load_failed')}</p>
          <button type="button" className="button button-primary" onClick={status.retry}>
            {t('retry')}
          </button>
        </div>
      )}
      {status.data !== undefined && <StatusView status={status.data} />}
    </section>
  );
}

function StatusView({ status }: { status: ResponsibleGamingStatus }) {
  const { t } = useT();
  const now = useMinuteClock();
  const { profile } = status;
  return (
    <>
      {status.activeBreak !== null && <BreakBanner running={status.activeBreak} />}
      <section className="rg-section" aria-labelledby="rg-limits-title">
        <h2 id="rg-limits-title" className="rg-section-title">
          {t('rg_limits_title')}
        </h2>
        {status.limits.length === 0 ? (
          <p className="screen-card card-empty">{t('rg_no_limits')}</p>
        ) : (
          LIMIT_GROUPS.map(({ group, types }) => {
            const limits = types.flatMap((type) => status.limits.filter((limit) => limit.type === type));
            if (limits.length === 0) return null;
            return (
              <div key={group} className="screen-card rg-group" data-testid={`rg-group-${group}`}>
                <h3 className="rg-group-title">{t(groupName(group))}</h3>
                <ul className="rg-limits">
                  {limits.map((limit) => (
                    <LimitCard
                      key={limit.type}
                      limit={limit}
                      group={group}
                      currency={status.currency}
                      coolingOffHours={profile.coolingOffHours}
                      confirmWindowHours={profile.confirmWindowHours}
                      now={now}
                    />
                  ))}
                </ul>
              </div>
            );
          })
        )}
      </section>
      <RealityCheckSection options={profile.realityCheckMinutes} current={status.realityCheckMinutes} />
      {status.activeBreak === null && (
        <BreakSection
          timeOutOptions={profile.timeOutOptions}
          selfExclusionOptions={profile.selfExclusionOptions}
        />
      )}
      <HelpLines lines={status.helpLines} />
      <p className="rg-muted">
        <AppLink to={AppPath.transactions}>{t('page_transactions')}</AppLink>
      </p>
    </>
  );
}

/** The break that runs: this session stays for withdrawals only. */
function BreakBanner({ running }: { running: ActiveBreak }) {
  const { t } = useT();
  const when = useDateTimeText();
  const permanent = running.until === null || new Date(running.until).getUTCFullYear() >= 9999;
  const until = permanent ? null : running.until;
  return (
    <div className="screen-card rg-banner" role="status" data-testid="rg-break-active">
      <p>
        {until === null
          ? t(breakMessageKey({ kind: running.kind, until }))
          : t(breakMessageKey({ kind: running.kind, until }), { date: when(until) })}
      </p>
      <p>{t('rg_break_withdraw')}</p>
    </div>
  );
}
