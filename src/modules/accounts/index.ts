/**
 * What other modules may use of the account: its settings (currency, target margin, number
 * formats, address for documents), the address shape shared with clients and suppliers, and the
 * document number formats; and the provisioning of accounts and API keys used by the command line
 * and the server's first start (auth/first-start.ts).
 */
export { accounts, type AccountObject } from './service.js';
export { Account } from './schemas.js';
export { sendLogo } from './logo-image.js';
export {
  createAccount,
  createAccountIn,
  hasAnyAccount,
  insertApiKey,
  listAccounts,
  listKeys,
  ownerOf,
  revokeKey,
  createKeyAsSystem,
  revokeKeyAsSystem,
  type CreatedAccount,
  type KeyInfo,
} from './provisioning.js';
export { render as renderNumber, parseNumberFormat, numberFormatError, restartsYearly, type NumberContext } from './number-format.js';
