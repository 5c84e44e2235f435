import type { StaffSignedIn } from '@wps/contract/staff';
import type { MouseEvent, ReactNode } from 'react';
import { useSignOut } from '@/auth/session';
import { t } from '@/i18n/t';
import { navigate, STAFF_PATHS } from './router';
import { visibleSections } from './sections';

/** The back office's frame: its sections as far as the role allows, who is signed in, Sign out. */
export function Shell({ me, path, children }: { me: StaffSignedIn; path: string; children: ReactNode }) {
  const signOut = useSignOut();
  const sections = visibleSections(me.permissions);

  const follow = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    // A plain click stays in the app; a new tab or window is the browser's.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };

  return (
    <>
      <header className="staff-header">
        <h1>{t('app_title')}</h1>
        <nav aria-label={t('nav_sections')}>
          {sections.map((section) => (
            <a
              key={section.href}
              href={section.href}
              aria-current={section.href === path ? 'page' : undefined}
              onClick={section.external ? undefined : (event) => follow(event, section.href)}
            >
              {t(section.label)}
            </a>
          ))}
        </nav>
        <span className="who">{t('who', { name: me.displayName, role: me.roleName })}</span>
        <button
          type="button"
          className="button button-ghost"
          disabled={signOut.isPending}
          onClick={() => signOut.mutate(undefined, { onSettled: () => navigate(STAFF_PATHS.home) })}
        >
          {t('sign_out')}
        </button>
      </header>
      <main className="staff-main">{children}</main>
    </>
  );
}
