import { describe, expect, it } from 'vitest';
import { terminalProgress } from '../../src/core/terminal-progress.js';

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { isTTY, written, write: (text: string) => written.push(text) };
}

describe('terminalProgress', () => {
  it('on a terminal: rewrites one line in place, skips repeats, and clears it at the end', () => {
    const out = stream(true);
    const progress = terminalProgress(out, 'Copying');
    progress.update(1, 3);
    progress.update(1, 3);
    progress.update(3, 3);
    progress.finish();
    progress.finish();
    expect(out.written).toEqual(['\rCopying 1/3 (33 %)\x1b[K', '\rCopying 3/3 (100 %)\x1b[K', '\r\x1b[K']);
  });

  it('never shows more than 100 % nor divides by zero', () => {
    const out = stream(true);
    const progress = terminalProgress(out, 'x');
    progress.update(5, 4);
    progress.update(0, 0);
    expect(out.written).toEqual(['\rx 5/4 (100 %)\x1b[K', '\rx 0/0 (0 %)\x1b[K']);
  });

  it('writes nothing when the output is not a terminal (a pipe, a file)', () => {
    const out = stream(false);
    const progress = terminalProgress(out, 'Copying');
    progress.update(1, 2);
    progress.finish();
    expect(out.written).toEqual([]);
  });
});
