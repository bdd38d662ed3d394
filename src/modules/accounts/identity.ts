import { electronicFormatIBAN, isValidBIC, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import { invalid } from '../../core/errors.js';

/**
 * The agency's identity on documents (docs/operations.md#account-settings): plain text fields,
 * trimmed, and the bank details, normalised and checked so that a typing mistake is refused here
 * rather than printed on an invoice (and in its e-invoice, where a wrong IBAN fails validation).
 */

/** Plain text fields: API name → column. */
export const IDENTITY_TEXT = {
  legalName: 'legal_name',
  vatNumber: 'vat_number',
  registrationNumber: 'registration_number',
  email: 'email',
  phone: 'phone',
  website: 'website',
  bankName: 'bank_name',
} as const;

/**
 * The IBAN in its electronic form (no spaces, upper case), or '' to clear it. Refused with a
 * message saying what is wrong: an unknown country, a length that is not the country's, or check
 * digits that do not match (ISO 7064 mod 97-10).
 */
export function normaliseIban(input: string): string {
  const trimmed = input.trim();
  if (trimmed === '') return '';
  if (!/^[A-Za-z0-9 ]+$/.test(trimmed)) throw invalid('iban', 'must contain only letters, digits and spaces');
  const iban = electronicFormatIBAN(trimmed) ?? '';
  const { valid, errorCodes } = validateIBAN(iban);
  if (valid) return iban;
  if (errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry)) throw invalid('iban', `unknown country code "${iban.slice(0, 2)}"`);
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength))
    throw invalid('iban', `wrong length for an IBAN of ${iban.slice(0, 2)} (${iban.length} characters)`);
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat)) throw invalid('iban', `the account number does not have the format of ${iban.slice(0, 2)}`);
  throw invalid('iban', 'the check digits do not match (mod 97): a character is wrong or missing');
}

/** The BIC upper case, or '' to clear it: 8 or 11 characters (bank, country, location, branch). */
export function normaliseBic(input: string): string {
  const bic = input.trim().toUpperCase();
  if (bic === '') return '';
  if (bic.length !== 8 && bic.length !== 11) throw invalid('bic', 'must have 8 or 11 characters');
  if (!isValidBIC(bic)) throw invalid('bic', 'is not a valid BIC: 4 letters (bank), a country code, 2 letters or digits (location), optionally 3 (branch)');
  return bic;
}
