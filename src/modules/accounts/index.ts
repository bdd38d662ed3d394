/**
 * What other modules may use of the account: its settings (currency, target margin, number
 * formats, address for documents), the address shape shared with clients and suppliers, and the
 * document number formats.
 */
export { accounts, type AccountObject } from './service.js';
export { Account } from './schemas.js';
export { render as renderNumber, parseNumberFormat, numberFormatError, restartsYearly, type NumberContext } from './number-format.js';
