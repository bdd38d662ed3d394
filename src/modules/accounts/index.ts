/**
 * What other modules may use of the account: its settings (currency, target margin, number
 * formats, address for documents), the address shape shared with clients and suppliers, and the
 * document number formats.
 */
export { accounts, applyAddress, readAddress, EMPTY_ADDRESS, type AccountObject, type AddressObject, type AddressUpdate } from './service.js';
export { Account, Address, AddressInput } from './schemas.js';
export { render as renderNumber, parseNumberFormat, numberFormatError, restartsYearly, type NumberContext } from './number-format.js';
