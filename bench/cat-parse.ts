/**
 * Parse time of a large Trados Studio XML report: 2 000 `file` elements (median of 10 runs).
 * Run with `npx tsx bench/cat-parse.ts`. Target: under 200 ms.
 */
import { parseReport } from '../src/modules/cat-analysis/readers/index.js';

const FILES = 2000;
const BANDS = ['perfect', 'inContextExact', 'exact', 'locked', 'crossFileRepeated', 'repeated', 'new', 'newBaseline', 'newLearnings'];
const FUZZY = [
  [50, 74],
  [75, 84],
  [85, 94],
  [95, 99],
] as const;

function band(name: string, seed: number, extra = ''): { xml: string; s: number; w: number; c: number } {
  const s = seed % 17;
  const w = (seed * 7) % 101;
  const c = w * 6;
  return { xml: `<${name}${extra} segments="${s}" words="${w}" characters="${c}" placeables="0" tags="0" />`, s, w, c };
}

function analyse(seed: number): { xml: string; s: number; w: number; c: number } {
  const parts = [
    ...BANDS.map((name, k) => band(name, seed + k)),
    ...FUZZY.map(([min, max], k) => band('fuzzy', seed + 20 + k, ` min="${min}" max="${max}"`)),
    ...FUZZY.map(([min, max], k) => band('internalFuzzy', seed + 40 + k, ` min="${min}" max="${max}"`)),
  ];
  const total = parts.reduce((acc, p) => ({ s: acc.s + p.s, w: acc.w + p.w, c: acc.c + p.c }), { s: 0, w: 0, c: 0 });
  const totalXml = `<total segments="${total.s}" words="${total.w}" characters="${total.c}" placeables="0" tags="0" />`;
  return { xml: `<analyse>${parts.map((p) => p.xml).join('\n')}\n${totalXml}</analyse>`, ...total };
}

function report(): Uint8Array {
  const files: string[] = [];
  const sums = new Map<string, { s: number; w: number; c: number }>();
  for (let f = 0; f < FILES; f++) {
    const a = analyse(f);
    files.push(`<file name="document-${f}.docx.sdlxliff" guid="${f}">\n${a.xml}\n</file>`);
  }
  // The batch total: the same generator summed band by band.
  const batchParts: string[] = [];
  const names = [
    ...BANDS.map((n) => [n, '']),
    ...FUZZY.map(([a, b]) => ['fuzzy', ` min="${a}" max="${b}"`]),
    ...FUZZY.map(([a, b]) => ['internalFuzzy', ` min="${a}" max="${b}"`]),
  ];
  let ts = 0,
    tw = 0,
    tc = 0;
  names.forEach(([name, extra], k) => {
    const offset = k < BANDS.length ? k : k < BANDS.length + 4 ? 20 + k - BANDS.length : 40 + k - BANDS.length - 4;
    let s = 0,
      w = 0,
      c = 0;
    for (let f = 0; f < FILES; f++) {
      const b = band(name!, f + offset, extra);
      s += b.s;
      w += b.w;
      c += b.c;
    }
    ts += s;
    tw += w;
    tc += c;
    sums.set(name! + extra, { s, w, c });
    batchParts.push(`<${name}${extra} segments="${s}" words="${w}" characters="${c}" />`);
  });
  batchParts.push(`<total segments="${ts}" words="${tw}" characters="${tc}" />`);
  const xml =
    '<task name="analyse"><taskInfo taskId="x"><language lcid="1036" name="French (France)" /></taskInfo>\n' +
    files.join('\n') +
    `\n<batchTotal><analyse>${batchParts.join('')}</analyse></batchTotal></task>`;
  return new TextEncoder().encode(xml);
}

const bytes = report();
if (process.env.BENCH_DUMP) (await import('node:fs')).writeFileSync(process.env.BENCH_DUMP, bytes);
const result = await parseReport(bytes);
if (result.languages[0]!.files.length !== FILES) throw new Error('unexpected file count');
const times: number[] = [];
const cpu: number[] = [];
for (let run = 0; run < 10; run++) {
  const started = performance.now();
  const startedCpu = process.cpuUsage();
  await parseReport(bytes);
  const used = process.cpuUsage(startedCpu);
  times.push(performance.now() - started);
  cpu.push((used.user + used.system) / 1000);
}
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[4]! + sorted[5]!) / 2;
};
// CPU time is shown too: on a loaded machine the wall time includes waiting for a core.
console.log(
  `Trados XML, ${FILES} files, ${(bytes.length / 1024 / 1024).toFixed(1)} MB: median ${median(times).toFixed(1)} ms wall ` +
    `(min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)}), median ${median(cpu).toFixed(1)} ms CPU`,
);
if (median(times) >= 200) process.exitCode = 1;
