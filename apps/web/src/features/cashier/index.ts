// The cashier's face (issue 28): money formatting, the amount rules, the balance query and the error
// messages the cashier screens share. The header's balance (HeaderBalance) is a lazy entry of its own.
export {
  amountMessage,
  normalizeAmountInput,
  serverAmountMessage,
  type AmountLimits,
  type AmountMessage,
} from './amountRules';
export { balanceQuery, isBalanceView } from './balance';
export {
  currentDepositCount,
  depositOptionsQuery,
  trackDepositAsked,
  trackDepositCredited,
} from './depositOptions';
export { cashierErrorMessage } from './errors';
export { currencyStyleOf, formatMoney, type CurrencyStyle, type MoneyOptions } from './money';
export { newRequestKey } from './requestKey';
export { useAmountText } from './useAmountText';
export { useAmountMessage } from './useAmountMessage';
export { useMoney } from './useMoney';
