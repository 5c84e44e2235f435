import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '@/api/call';
import { startThirdPartyChatLater } from './supportChat';
import {
  isAllowedScriptSrc,
  openThirdPartyChat,
  startThirdPartyChat,
  thirdPartyChatStatus,
} from './thirdPartyChat';

vi.mock('@/api/call', () => ({ call: vi.fn() }));

const injected = () => Array.from(document.querySelectorAll<HTMLScriptElement>('script[data-cs-script]'));
const globals = window as unknown as { WpsChatWidget?: { open: () => void } };

beforeEach(() => {
  vi.useFakeTimers();
  thirdPartyChatStatus.set('none');
});
afterEach(() => {
  for (const script of injected()) script.remove();
  delete globals.WpsChatWidget;
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('isAllowedScriptSrc (checked again in the browser)', () => {
  it.each([
    ['https://widget.example.com/chat.js', true],
    ['/wps/dev/cs-widget.js', true],
    ['http://widget.example.com/chat.js', false],
    ['javascript:alert(1)', false],
    ['data:text/javascript,alert(1)', false],
    ['//evil.example/x.js', false],
    ['/\\evil.example/x.js', false],
    ['https://u:p@widget.example.com/chat.js', false],
    ['chat.js', false],
  ])('%s → %s', (src, allowed) => {
    expect(isAllowedScriptSrc(src)).toBe(allowed);
  });
});

describe('startThirdPartyChat', () => {
  it.each<[string, string | null, number]>([
    ['the merchant’s https widget is injected', 'https://widget.example.com/chat.js', 1],
    ['no script: nothing', null, 0],
    ['an answer that is not allowed: nothing', 'javascript:alert(1)', 0],
  ])('%s', async (_name, src, count) => {
    vi.mocked(call).mockResolvedValue({ src });
    await startThirdPartyChat(window);
    expect(injected()).toHaveLength(count);
    if (count) expect(injected()[0]?.src).toBe(src);
    expect(thirdPartyChatStatus.get()).toBe(count ? 'loading' : 'none');
  });

  it('a failed call changes nothing', async () => {
    vi.mocked(call).mockRejectedValue(new Error('offline'));
    await startThirdPartyChat(window);
    expect(injected()).toHaveLength(0);
  });

  it('injects once, however often it is started', async () => {
    vi.mocked(call).mockResolvedValue({ src: '/wps/dev/cs-widget.js' });
    await startThirdPartyChat(window);
    await startThirdPartyChat(window);
    expect(injected()).toHaveLength(1);
  });

  it.each<[string, number | null, string, string]>([
    ['the widget there by 1 s: ready at 1 s', 500, 'ready', 'ready'],
    ['the widget there by 3 s: ready at 3 s', 2000, 'loading', 'ready'],
    ['never there: unavailable at 3 s', null, 'loading', 'unavailable'],
  ])('availability, checked at 1 s and 3 s — %s', async (_name, widgetAfter, at1s, at3s) => {
    vi.mocked(call).mockResolvedValue({ src: '/wps/dev/cs-widget.js' });
    await startThirdPartyChat(window);
    if (widgetAfter !== null)
      setTimeout(() => {
        globals.WpsChatWidget = { open: vi.fn() };
      }, widgetAfter);
    vi.advanceTimersByTime(1000);
    expect(thirdPartyChatStatus.get()).toBe(at1s);
    vi.advanceTimersByTime(2000);
    expect(thirdPartyChatStatus.get()).toBe(at3s);
  });
});

describe('openThirdPartyChat', () => {
  it('opens the widget on the page', () => {
    const open = vi.fn();
    globals.WpsChatWidget = { open };
    expect(openThirdPartyChat(window)).toBe(true);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('says so when there is none', () => {
    expect(openThirdPartyChat(window)).toBe(false);
  });
});

describe('startThirdPartyChatLater', () => {
  it('asks 500 ms after the page’s load, not before', async () => {
    vi.mocked(call).mockResolvedValue({ src: null });
    startThirdPartyChatLater(window);
    vi.advanceTimersByTime(499);
    expect(call).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() =>
      expect(call).toHaveBeenCalledWith('customerServiceScript', {}, { handleErrors: false }),
    );
  });
});
