import type { ReactNode } from 'react';
import type { MessageKey } from '@/i18n';
import { useT } from '@/i18n/I18nProvider';

/** Simple inline illustrations of the browser controls each step names (decorative: the text says it). */
function Illustration({ children }: { children: ReactNode }) {
  return (
    <svg
      className="a2hs-step-art"
      viewBox="0 0 48 48"
      width="48"
      height="48"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="1" y="1" width="46" height="46" rx="10" fill="currentColor" opacity="0.08" />
      <g fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
        {children}
      </g>
    </svg>
  );
}

const SHARE = (
  <Illustration>
    <path d="M17 20h-3v16h20V20h-3" />
    <path d="M24 10v17M18.5 15.5 24 10l5.5 5.5" />
  </Illustration>
);
const ADD_TO_HOME = (
  <Illustration>
    <rect x="13" y="13" width="22" height="22" rx="5" />
    <path d="M24 18.5v11M18.5 24h11" />
  </Illustration>
);
const CONFIRM = (
  <Illustration>
    <rect x="10" y="16" width="28" height="16" rx="8" />
    <path d="M18 24.5l4 3.5 8-8" />
  </Illustration>
);
const MENU = (
  <Illustration>
    <circle cx="24" cy="14" r="1.5" />
    <circle cx="24" cy="24" r="1.5" />
    <circle cx="24" cy="34" r="1.5" />
  </Illustration>
);

const IOS_STEPS: readonly [ReactNode, MessageKey][] = [
  [SHARE, 'a2hs_guide_ios_share'],
  [ADD_TO_HOME, 'a2hs_guide_ios_add'],
  [CONFIRM, 'a2hs_guide_ios_confirm'],
];
const OTHER_STEPS: readonly [ReactNode, MessageKey][] = [
  [MENU, 'a2hs_guide_menu'],
  [ADD_TO_HOME, 'a2hs_guide_install'],
  [CONFIRM, 'a2hs_guide_confirm'],
];
/** An in-app browser (LINE, Telegram, Facebook, a wallet) can add nothing: the page goes to the browser first. */
const OPEN_IN_BROWSER: readonly [ReactNode, MessageKey] = [MENU, 'a2hs_guide_open_browser'];

/**
 * The illustrated steps that add the site to the home screen on this platform: iOS Safari's Share →
 * Add to Home Screen, other browsers' menu → Install app / Add to Home screen; inside an in-app
 * browser, opening the page in the browser comes first.
 */
export function A2hsSteps({ ios, inAppBrowser = false }: { ios: boolean; inAppBrowser?: boolean }) {
  const { t } = useT();
  const steps = [...(inAppBrowser ? [OPEN_IN_BROWSER] : []), ...(ios ? IOS_STEPS : OTHER_STEPS)];
  return (
    <ol className="a2hs-steps">
      {steps.map(([art, key]) => (
        <li key={key} className="a2hs-step">
          {art}
          <span>{t(key)}</span>
        </li>
      ))}
    </ol>
  );
}
