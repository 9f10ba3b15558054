export { BalanceText, balanceText } from './balance-text';
