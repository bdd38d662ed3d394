// Prints the closing line of a CI run from Vitest JSON reports: "total: N passed, M failed".
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  console.log(`${file.replace(/^.*\//, '').replace('.json', '')}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}
console.log(`total: ${passed} passed, ${failed} failed`);
if (passed === 0 || failed > 0) process.exit(1);
