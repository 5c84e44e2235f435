import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatPseudoId, setSupportChat, supportChat, type SupportChat } from './supportChat';

describe('the support chat seam', () => {
  afterEach(() => setSupportChat(null));

  it('does nothing until a chat is installed', () => {
    expect(() => {
      supportChat().identify('alice', 'aurora_1');
      supportChat().logout();
    }).not.toThrow();
  });

  it('forwards to the installed chat, and null puts the no-op back', () => {
    const chat: SupportChat = { identify: vi.fn(), logout: vi.fn() };
    setSupportChat(chat);
    supportChat().identify('alice', 'aurora_1');
    supportChat().logout();
    expect(chat.identify).toHaveBeenCalledWith('alice', 'aurora_1');
    expect(chat.logout).toHaveBeenCalledTimes(1);
    setSupportChat(null);
    supportChat().logout();
    expect(chat.logout).toHaveBeenCalledTimes(1);
  });

  it('the pseudo-identifier is the merchant plus the user id, never ambiguous', () => {
    expect(chatPseudoId('aurora', '42')).toBe('aurora_42');
    expect(chatPseudoId('a1', '23')).not.toBe(chatPseudoId('a12', '3'));
  });
});
