import type { HistoryEntry, HistoryKind } from '@wps/contract/cashier';
import type { MessageKey } from '@/i18n';

export const KIND_TEXT: Record<HistoryKind, MessageKey> = {
  deposit: 'cashier_kind_deposit',
  withdrawal: 'cashier_kind_withdrawal',
  bet: 'cashier_kind_bet',
  win: 'cashier_kind_win',
  bonus: 'cashier_kind_bonus',
  adjustment: 'cashier_kind_adjustment',
};

export const ENTRY_STATE_TEXT: Record<HistoryEntry['state'], MessageKey> = {
  success: 'cashier_entry_success',
  pending: 'cashier_entry_pending',
  failed: 'cashier_entry_failed',
};
