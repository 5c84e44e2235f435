import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPasswordChangeForced } from '@/state/forcedPasswordChange';
import { Modal } from './Modal';
import { isInTask, resetOfferTurnsForTests, TASK_RECHECK_MS, waitForOfferTurn } from './offerTurn';

vi.mock('@/i18n/I18nProvider', () => ({ useT: () => ({ t: (key: string) => key, language: 'EN' }) }));

const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

beforeEach(() => {
  vi.useFakeTimers();
  window.history.replaceState(null, '', '/m/home');
});
afterEach(() => {
  resetOfferTurnsForTests();
  setPasswordChangeForced(false);
  vi.useRealTimers();
});

describe('isInTask: screens an offer never opens over', () => {
  it.each([
    ['/m/home', false, false],
    ['/m/game', false, false],
    ['/m/activity', false, false],
    ['/m/unknown', false, false],
    ['/m/login', false, true],
    ['/m/register', false, true],
    ['/m/changePsw', false, true],
    ['/m/agentRegister', false, true],
    ['/m/launchGame', false, true],
    ['/m/supportChat', false, true],
    ['/m/feedback/', false, true],
    // A forced password change is a task wherever the member is.
    ['/m/home', true, true],
  ])('%s (forced password change: %s) → %s', (path, forced, expected) => {
    expect(isInTask(path, forced)).toBe(expected);
  });
});

describe('waitForOfferTurn: one offer at a time, first asked first shown', () => {
  it('a second offer waits until the first hands the turn on', async () => {
    const shown: string[] = [];
    const first = waitForOfferTurn().then((release) => {
      shown.push('popup');
      return release;
    });
    void waitForOfferTurn().then(() => shown.push('notification prompt'));
    await flush();
    expect(shown).toEqual(['popup']);
    (await first)();
    await flush();
    expect(shown).toEqual(['popup', 'notification prompt']);
  });

  it('waits while a dialog is open, and takes its turn when it closes', async () => {
    const view = render(
      <Modal title="Error" onClose={() => undefined}>
        <p>x</p>
      </Modal>,
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    const granted = vi.fn();
    void waitForOfferTurn().then(granted);
    await flush();
    expect(granted).not.toHaveBeenCalled();
    view.unmount();
    await flush();
    expect(granted).toHaveBeenCalledTimes(1);
  });

  it.each([['/m/changePsw'], ['/m/agentRegister'], ['/m/login']])(
    'waits while the member is on %s, and takes its turn once they leave it',
    async (path) => {
      window.history.replaceState(null, '', path);
      const granted = vi.fn();
      void waitForOfferTurn().then(granted);
      await act(() => vi.advanceTimersByTimeAsync(TASK_RECHECK_MS * 5));
      expect(granted).not.toHaveBeenCalled();
      window.history.replaceState(null, '', '/m/home');
      await act(() => vi.advanceTimersByTimeAsync(TASK_RECHECK_MS));
      expect(granted).toHaveBeenCalledTimes(1);
    },
  );

  it('a forced password change holds every offer back, even on the home', async () => {
    setPasswordChangeForced(true);
    const granted = vi.fn();
    void waitForOfferTurn().then(granted);
    await act(() => vi.advanceTimersByTimeAsync(TASK_RECHECK_MS * 3));
    expect(granted).not.toHaveBeenCalled();
    setPasswordChangeForced(false);
    await act(() => vi.advanceTimersByTimeAsync(TASK_RECHECK_MS));
    expect(granted).toHaveBeenCalledTimes(1);
  });

  it('an offer that leaves the queue (its page closed) lets the next one through', async () => {
    const holder = await waitForOfferTurn();
    const leaving = new AbortController();
    const left = waitForOfferTurn(leaving.signal);
    const next = vi.fn();
    void waitForOfferTurn().then(next);
    leaving.abort();
    await expect(left).rejects.toBeDefined();
    holder();
    await flush();
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('handing the turn on twice hands it on once', async () => {
    const release = await waitForOfferTurn();
    const second = vi.fn();
    const third = vi.fn();
    void waitForOfferTurn().then(second);
    void waitForOfferTurn().then(third);
    release();
    release();
    await flush();
    expect(second).toHaveBeenCalledTimes(1);
    expect(third).not.toHaveBeenCalled();
  });
});
