import type { StaffSignedIn } from '@wps/contract/staff';
import { useEffect } from 'react';
import { SignIn } from '@/auth/SignIn';
import { useMe } from '@/auth/session';
import { t } from '@/i18n/t';
import { CashierScreen } from '@/screens/cashier/CashierScreen';
import { AuditScreen } from '@/screens/audit/AuditScreen';
import { ComplianceScreen } from '@/screens/compliance/ComplianceScreen';
import { LegalScreen } from '@/screens/legal/LegalScreen';
import { LinksScreen } from '@/screens/links/LinksScreen';
import { MembersScreen } from '@/screens/members/MembersScreen';
import { ContentScreen } from '@/screens/content/ContentScreen';
import { MerchantsScreen } from '@/screens/merchants/MerchantsScreen';
import { PromotionsScreen } from '@/screens/promotions/PromotionsScreen';
import { PushScreen } from '@/screens/push/PushScreen';
import { ReportsScreen } from '@/screens/reports/ReportsScreen';
import { StaffScreen } from '@/screens/staff/StaffScreen';
import { ThemeScreen } from '@/screens/theme/ThemeScreen';
import { GamesScreen } from '@/screens/games/GamesScreen';
import { navigate, STAFF_PATHS, usePath } from '@/shell/router';
import { visibleSections } from '@/shell/sections';
import { Shell } from '@/shell/Shell';
import { LoadError, Loading } from '@/ui/States';

/** `/staff/push/` is `/staff/push`; the home keeps its slash. */
const normalise = (path: string) => (path.length > STAFF_PATHS.home.length ? path.replace(/\/+$/, '') : path);

/** The home: the first section the role shows (the support desk is a page of its own, so a link). */
function Home({ me }: { me: StaffSignedIn }) {
  const sections = visibleSections(me.permissions);
  const first = sections.find((section) => section.external !== true && section.notHome !== true);
  useEffect(() => {
    if (first) navigate(first.href, true);
  }, [first]);
  if (first) return <Loading />;
  return (
    <section className="card">
      <p>{sections.length > 0 ? t('home_pick') : t('nothing_allowed')}</p>
      <ul>
        {sections.map((section) => (
          <li key={section.href}>
            <a href={section.href}>{t(section.label)}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Screen({ me, path }: { me: StaffSignedIn; path: string }) {
  switch (path) {
    case STAFF_PATHS.home:
      return <Home me={me} />;
    case STAFF_PATHS.push:
      return <PushScreen permissions={me.permissions} />;
    case STAFF_PATHS.cashier:
      return <CashierScreen permissions={me.permissions} />;
    case STAFF_PATHS.compliance:
      return <ComplianceScreen permissions={me.permissions} />;
    case STAFF_PATHS.audit:
      return <AuditScreen permissions={me.permissions} />;
    case STAFF_PATHS.staff:
      return <StaffScreen permissions={me.permissions} />;
    case STAFF_PATHS.merchants:
      return <MerchantsScreen permissions={me.permissions} />;
    case STAFF_PATHS.theme:
      return <ThemeScreen />;
    case STAFF_PATHS.reports:
      return <ReportsScreen permissions={me.permissions} />;
    case STAFF_PATHS.promotions:
      return <PromotionsScreen permissions={me.permissions} />;
    case STAFF_PATHS.legal:
      return <LegalScreen permissions={me.permissions} />;
    case STAFF_PATHS.links:
      return <LinksScreen permissions={me.permissions} />;
    case STAFF_PATHS.members:
      return <MembersScreen permissions={me.permissions} />;
    case STAFF_PATHS.content:
      return <ContentScreen permissions={me.permissions} />;
    case STAFF_PATHS.games:
      return <GamesScreen permissions={me.permissions} />;
    default:
      return <p className="card">{t('not_found')}</p>;
  }
}

/** Sign-in until there is a staff session, then the shell with the screen of the address. */
export function App() {
  const path = normalise(usePath());
  const me = useMe();
  if (me.isPending) return <Loading />;
  if (me.isError) {
    return (
      <main className="staff-main">
        <LoadError error={me.error} retry={() => void me.refetch()} />
      </main>
    );
  }
  if (me.data === null) return <SignIn />;
  return (
    <Shell me={me.data} path={path}>
      <Screen me={me.data} path={path} />
    </Shell>
  );
}
