import { readFileSync, readdirSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';
import { validateXML } from 'xmllint-wasm';
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

const svrlParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', removeNSPrefix: true, isArray: (name) => name === 'failed-assert' });

function schematronFailures(stylesheet: unknown, xml: string): RuleFailure[] {
  const result = SaxonJS.transform({ stylesheetInternal: stylesheet, sourceText: xml, destination: 'serialized' }, 'sync') as { principalResult: string };
  const svrl = svrlParser.parse(result.principalResult) as { 'schematron-output'?: { 'failed-assert'?: Array<Record<string, unknown>> } };
  return (svrl['schematron-output']?.['failed-assert'] ?? []).map((failure) => ({
    id: String(failure.id ?? ''),
    flag: String(failure.flag ?? ''),
    text: String((failure.text as string | { '#text': string } | undefined) && typeof failure.text === 'object' ? failure.text['#text'] : (failure.text ?? '')).trim(),
  }));
}

/** Only the failures that make a document invalid (the warnings aside). */
export const fatal = (failures: readonly RuleFailure[]) => failures.filter((failure) => failure.flag !== 'warning');
