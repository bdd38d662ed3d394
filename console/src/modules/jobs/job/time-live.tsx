import { useEffect, useState } from 'react';
import { formatDuration } from '../../../shared/formatting/format';
import { elapsedSeconds, untilNextSecond } from './time-math';

/**
 * The time a running entry has run, h:mm:ss, counting live. It counts from the entry's start as the
 * server stored it (not from the click that started it), and ticks on the entry's own seconds: a
 * reload, another tab or another user's screen show the same.
 */
export function LiveDuration({ from, label }: { from: string; label: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      timer = setTimeout(tick, untilNextSecond(from, at) + 5);
    };
    tick();
    return () => clearTimeout(timer);
  }, [from]);
  // role="timer": assistive technologies do not announce every second (its live region is off).
  return (
    <span role="timer" aria-label={label}>
      {formatDuration(elapsedSeconds(from, now))}
    </span>
  );
}
