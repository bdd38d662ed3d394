/**
 * The arithmetic of the time section: durations written by hand, the totals, the live timer, and
 * the start time as a `datetime-local` field holds it. The API counts in milliseconds
 * (docs/trackers.md); the console shows h:mm:ss (`formatDuration`, in seconds).
 */

import { LIMITS } from '../../../shared/api/limits.gen';

/** The API's largest duration (10¹² ms). */
export const MAX_DURATION_MS = LIMITS.duration;

/**
 * A duration written by hand, in milliseconds, or undefined when it cannot be read: "1:30" and
 * "1:30:15" (h:mm[:ss]), "1.5" or "1,5" (hours), "1h 30m", "45m", "90 min", "2h".
 */
export function parseDuration(text: string): number | undefined {
  const value = text.trim().toLowerCase();
  if (value === '') return undefined;
  const clock = /^(\d+):([0-5]?\d)(?::([0-5]?\d))?$/.exec(value);
  if (clock) return checked((Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3] ?? 0)) * 1000);
  const hours = /^(\d+(?:[.,]\d+)?)$/.exec(value);
  if (hours) return checked(Math.round(Number(hours[1]!.replace(',', '.')) * 3_600_000));
  const units = /^(?:(\d+(?:[.,]\d+)?)\s*h(?:ours?)?)?\s*(?:(\d+)\s*m(?:in(?:utes?)?)?)?$/.exec(value);
  if (units && (units[1] !== undefined || units[2] !== undefined)) {
    const h = units[1] === undefined ? 0 : Number(units[1].replace(',', '.'));
    const m = units[2] === undefined ? 0 : Number(units[2]);
    return checked(Math.round(h * 3_600_000 + m * 60_000));
  }
  return undefined;
}

function checked(ms: number): number | undefined {
  return Number.isFinite(ms) && ms >= 0 && ms <= MAX_DURATION_MS ? ms : undefined;
}

/** Whole seconds elapsed since `from` (an ISO date) at `now` (ms); 0 for a start in the future. */
export function elapsedSeconds(from: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(from)) / 1000));
}

/**
 * Milliseconds until the elapsed time since `from` reaches its next whole second: a live timer
 * ticks on the entry's own seconds, so that it shows the same as a reload would.
 */
export function untilNextSecond(from: string, now: number): number {
  const elapsed = now - Date.parse(from);
  if (elapsed < 0) return Math.min(1000, -elapsed);
  return 1000 - (elapsed % 1000);
}

export interface TimeEntry {
  duration: number;
  billable: boolean;
  running: boolean;
}

/** The totals the section shows, in milliseconds: stored durations (a running entry counts once it stops, as in the API). */
export function totals(entries: readonly TimeEntry[]): { all: number; billable: number } {
  let all = 0;
  let billable = 0;
  for (const entry of entries) {
    if (entry.running) continue;
    all += entry.duration;
    if (entry.billable) billable += entry.duration;
  }
  return { all, billable };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO date as a `datetime-local` field's value, in the browser's time zone: "2026-03-01T09:05". */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` field's value (the browser's time zone) as an ISO date, or undefined. */
export function fromLocalInput(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
