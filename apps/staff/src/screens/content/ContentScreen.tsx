import type { StaffPermission } from '@wps/contract/staff';
import { useRef, useState, type KeyboardEvent } from 'react';
import { t, type TextKey } from '@/i18n/t';
import { Card } from '@/ui/States';
import { AnnouncementsScreen } from './announcements/AnnouncementsScreen';
import { BannersScreen } from './banners/BannersScreen';
import { PopupOptionsPanel } from './popup/PopupOptionsForm';
import './content.css';

const KINDS = ['banners', 'marquee', 'popup', 'popupOptions'] as const;
type Kind = (typeof KINDS)[number];

const LABEL: Record<Kind, TextKey> = {
  banners: 'content_tab_banners',
  marquee: 'content_tab_marquee',
  popup: 'content_tab_popup',
  popupOptions: 'content_tab_popup_options',
};

/**
 * The back office's Content section, first half (issue 30 item 5): banners, marquee lines and popup
 * pages (the member app's news), and the popup's options — one tab each. Read-only staff see the
 * lists without the writes (cosmetic: the server decides).
 */
export function ContentScreen({ permissions }: { permissions: readonly StaffPermission[] }) {
  const canWrite = permissions.includes('content:write');
  const [kind, setKind] = useState<Kind>('banners');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + KINDS.length) % KINDS.length;
    setKind(KINDS[next] ?? 'banners');
    tabs.current[next]?.focus();
  };
  return (
    <Card id="content-title" title={t('content_title')}>
      <p className="note">{t('content_note')}</p>
      <div role="tablist" aria-label={t('content_kinds')} className="kind-tabs">
        {KINDS.map((value, index) => (
          <button
            key={value}
            ref={(node) => {
              tabs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`content-tab-${value}`}
            aria-selected={kind === value}
            aria-controls="content-panel"
            tabIndex={kind === value ? 0 : -1}
            onClick={() => setKind(value)}
            onKeyDown={(event) => move(event, index)}
          >
            {t(LABEL[value])}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id="content-panel"
        aria-labelledby={`content-tab-${kind}`}
        className="content-panel"
      >
        {kind === 'banners' && <BannersScreen canWrite={canWrite} />}
        {kind === 'marquee' && <AnnouncementsScreen key="MARQUEE" type="MARQUEE" canWrite={canWrite} />}
        {kind === 'popup' && <AnnouncementsScreen key="POPUP" type="POPUP" canWrite={canWrite} />}
        {kind === 'popupOptions' && <PopupOptionsPanel canWrite={canWrite} />}
      </div>
    </Card>
  );
}
