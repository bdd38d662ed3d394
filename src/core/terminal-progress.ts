/**
 * A one-line progress indicator for long CLI commands, rewritten in place (`\r`). It writes only
 * when the stream is a terminal: piped or redirected output (scripts, logs) gets no control
 * characters and no progress, only what the command prints at the end.
 */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface TerminalProgress {
  /** `label done/total (percent)`, replacing the previous line. */
  update(done: number, total: number): void;
  /** Clears the line, so that what follows starts on a clean line. */
  finish(): void;
}

export function terminalProgress(stream: ProgressStream, label: string): TerminalProgress {
  if (!stream.isTTY) return { update() {}, finish() {} };
  let shown = false;
  let last = '';
  return {
    update(done, total) {
      const percent = total > 0 ? Math.min(100, Math.floor((done * 100) / total)) : 0;
      const line = `${label} ${done}/${total} (${percent} %)`;
      if (line === last) return;
      last = line;
      shown = true;
      // \x1b[K: clear what a longer previous line left to the right.
      stream.write(`\r${line}\x1b[K`);
    },
    finish() {
      if (shown) stream.write('\r\x1b[K');
      shown = false;
      last = '';
    },
  };
}
