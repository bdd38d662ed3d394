import { readFileSync, readdirSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';
import { validateXML } from 'xmllint-wasm';
import { Dec } from '../src/core/money.js';
// @ts-expect-error saxon-js ships no types
import SaxonJS from 'saxon-js';

/**
 * Validation of the e-invoices in the tests (docs/documents.md#e-invoices): the UBL 2.1 schema
 * (xmllint-wasm over the OASIS XSD of test/fixtures/ubl/xsd) and the EN 16931 business rules (the
 * official Schematron of the CEN validation artefacts, compiled to a SaxonJS SEF, run by
 * saxon-js), each fired assertion reported with its rule id. test/fixtures/ubl/README.md says
 * where the files come from.
 */
const FIXTURES = fileURLToPath(new URL('./fixtures/ubl/', import.meta.url));

const schemaFiles = (() => {
  const common = readdirSync(`${FIXTURES}xsd/common`).filter((name) => name.endsWith('.xsd'));
  return common.map((name) => ({ fileName: `common/${name}`, contents: readFileSync(`${FIXTURES}xsd/common/${name}`) }));
})();
const mainSchema = (root: 'Invoice' | 'CreditNote') => ({
  fileName: `maindoc/UBL-${root}-2.1.xsd`,
  contents: readFileSync(`${FIXTURES}xsd/maindoc/UBL-${root}-2.1.xsd`),
});

/** The UBL 2.1 schema errors of a document ([] when valid). */
export async function xsdErrors(xml: string): Promise<string[]> {
  const root = /<CreditNote[\s>]/.test(xml) ? 'CreditNote' : 'Invoice';
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    schema: [mainSchema(root)],
    preload: schemaFiles,
    maxMemoryPages: 2 * 16384,
  });
  return result.errors.map((error) => error.message);
}

export interface RuleFailure {
  id: string;
  flag: string;
  text: string;
}

let en16931: unknown;
/** The assertions of the EN 16931 rules (UBL binding) a document fires, fatal ones and warnings. */
export function en16931Failures(xml: string): RuleFailure[] {
  en16931 ??= JSON.parse(gunzipSync(readFileSync(`${FIXTURES}en16931/EN16931-UBL-validation.sef.json.gz`)).toString('utf8'));
  return schematronFailures(en16931, xml);
}

let peppol: unknown;
/** The assertions of OpenPEPPOL's own rules of BIS Billing 3.0 (PEPPOL-EN16931-*, PEPPOL-COMMON-*) a document fires. */
export function peppolFailures(xml: string): RuleFailure[] {
  peppol ??= JSON.parse(gunzipSync(readFileSync(`${FIXTURES}peppol/PEPPOL-EN16931-UBL.sef.json.gz`)).toString('utf8'));
  return schematronFailures(peppol, xml);
}

const svrlParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', removeNSPrefix: true, isArray: (name) => name === 'failed-assert' });

function schematronFailures(stylesheet: unknown, xml: string): RuleFailure[] {
  const result = SaxonJS.transform({ stylesheetInternal: stylesheet, sourceText: xml, destination: 'serialized' }, 'sync') as { principalResult: string };
  const svrl = svrlParser.parse(result.principalResult) as { 'schematron-output'?: { 'failed-assert'?: Array<Record<string, unknown>> } };
  const attribute = (value: unknown) => (typeof value === 'string' ? value : '');
  return (svrl['schematron-output']?.['failed-assert'] ?? []).map((failure) => {
    const text = failure.text as string | { '#text'?: string } | undefined;
    return { id: attribute(failure.id), flag: attribute(failure.flag), text: (typeof text === 'object' ? (text['#text'] ?? '') : (text ?? '')).trim() };
  });
}

/** Only the failures that make a document invalid (the warnings aside). */
export const fatal = (failures: readonly RuleFailure[]) => failures.filter((failure) => failure.flag !== 'warning');

/**
 * The BR-CO totals rules of EN 16931, checked exactly in decimals on the figures read back (the
 * property test runs these on every generated document; the Schematron runs them too, slower):
 * BR-CO-10 Σ line net amounts = line extension amount; BR-CO-11 Σ document allowances = allowance
 * total; BR-CO-13 tax exclusive = line extension − allowances; BR-CO-14 VAT total = Σ VAT category
 * amounts; BR-CO-15 tax inclusive = tax exclusive + VAT total; BR-CO-16 payable = tax inclusive −
 * prepaid; BR-DEC-* at most 2 decimals in every amount.
 */
export function totalsRuleFailures(figures: {
  lineExtension: string;
  taxExclusive: string;
  taxInclusive: string;
  allowance: string | null;
  prepaid: string | null;
  payable: string;
  tax: string;
  breakdown: Array<{ taxable: string; tax: string }>;
  lines: Array<{ amount: string }>;
  allowances: string[];
}): string[] {
  const sum = (values: readonly string[]) => values.reduce((total, value) => total.plus(value), new Dec(0));
  const d = (value: string | null) => new Dec(value ?? '0');
  const failures: string[] = [];
  if (!sum(figures.lines.map((line) => line.amount)).eq(d(figures.lineExtension))) failures.push('BR-CO-10');
  if (!sum(figures.allowances).eq(d(figures.allowance))) failures.push('BR-CO-11');
  if (!d(figures.lineExtension).minus(d(figures.allowance)).eq(d(figures.taxExclusive))) failures.push('BR-CO-13');
  if (!sum(figures.breakdown.map((row) => row.tax)).eq(d(figures.tax))) failures.push('BR-CO-14');
  if (!d(figures.taxExclusive).plus(d(figures.tax)).eq(d(figures.taxInclusive))) failures.push('BR-CO-15');
  if (!d(figures.taxInclusive).minus(d(figures.prepaid)).eq(d(figures.payable))) failures.push('BR-CO-16');
  const amounts = [figures.lineExtension, figures.taxExclusive, figures.taxInclusive, figures.allowance, figures.prepaid, figures.payable, figures.tax];
  const all = [...amounts, ...figures.lines.map((line) => line.amount), ...figures.breakdown.flatMap((row) => [row.taxable, row.tax]), ...figures.allowances];
  if (all.some((value) => value !== null && (value.split('.')[1]?.length ?? 0) > 2)) failures.push('BR-DEC');
  return failures;
}
