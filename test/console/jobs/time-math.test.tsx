import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { elapsedSeconds, fromLocalInput, parseDuration, toLocalInput, totals, untilNextSecond } from '../../../console/src/modules/jobs/job/time-math';
import { LiveDuration } from '../../../console/src/modules/jobs/job/time-live';

describe('parseDuration', () => {
  it('reads h:mm, h:mm:ss, hours and h/m units as milliseconds', () => {
    expect(parseDuration('1:30')).toBe(5_400_000);
    expect(parseDuration(' 0:45 ')).toBe(2_700_000);
    expect(parseDuration('1:30:15')).toBe(5_415_000);
    expect(parseDuration('12:05:09')).toBe((12 * 3600 + 5 * 60 + 9) * 1000);
    expect(parseDuration('1.5')).toBe(5_400_000);
    expect(parseDuration('1,25')).toBe(4_500_000);
    expect(parseDuration('2')).toBe(7_200_000);
    expect(parseDuration('1h 30m')).toBe(5_400_000);
    expect(parseDuration('45m')).toBe(2_700_000);
    expect(parseDuration('90 min')).toBe(5_400_000);
    expect(parseDuration('2h')).toBe(7_200_000);
    expect(parseDuration('0:00')).toBe(0);
  });

  it('refuses what it cannot read, minutes or seconds past 59, and more than the API takes', () => {
    for (const text of ['', '  ', 'an hour', '1:60', '1:30:60', '-1', '1:-5', 'h', 'm', '1:30 pm', '1e3']) expect(parseDuration(text), text).toBeUndefined();
    expect(parseDuration('277777:46:40')).toBe(1_000_000_000_000);
    expect(parseDuration('277777:46:41')).toBeUndefined();
  });
});

describe('the live timer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts whole seconds from the start, 0 for a start in the future', () => {
    const from = '2026-03-01T09:00:00.000Z';
    expect(elapsedSeconds(from, Date.parse(from) + 2_999)).toBe(2);
    expect(elapsedSeconds(from, Date.parse(from) + 3_000)).toBe(3);
    expect(elapsedSeconds(from, Date.parse(from) - 5_000)).toBe(0);
    expect(untilNextSecond(from, Date.parse(from) + 2_300)).toBe(700);
    expect(untilNextSecond(from, Date.parse(from) + 3_000)).toBe(1_000);
    expect(untilNextSecond(from, Date.parse(from) - 300)).toBe(300);
  });

  it('shows h:mm:ss from the entry’s own start and ticks on the entry’s seconds', () => {
    // Started 1 h 2 min 3.6 s ago: the display turns to …:04 0.4 s from now, not 1 s from now.
    const now = Date.parse('2026-03-01T10:02:03.600Z');
    vi.setSystemTime(now);
    render(<LiveDuration from="2026-03-01T09:00:00.000Z" label="Your running timer" />);
    const timer = screen.getByRole('timer', { name: 'Your running timer' });
    expect(timer).toHaveTextContent('1:02:03');
    act(() => void vi.advanceTimersByTime(420));
    expect(timer).toHaveTextContent('1:02:04');
    act(() => void vi.advanceTimersByTime(1_000));
    expect(timer).toHaveTextContent('1:02:05');
    act(() => void vi.advanceTimersByTime(60_000));
    expect(timer).toHaveTextContent('1:03:05');
  });
});

describe('totals', () => {
  it('adds the stored durations of stopped entries, all and billable', () => {
    const entries = [
      { duration: 5_400_000, billable: true, running: false },
      { duration: 1_800_000, billable: false, running: false },
      { duration: 0, billable: true, running: true },
      { duration: 600_000, billable: true, running: false },
    ];
    expect(totals(entries)).toEqual({ all: 7_800_000, billable: 6_000_000 });
    expect(totals([])).toEqual({ all: 0, billable: 0 });
  });
});

describe('datetime-local values', () => {
  it('writes an ISO date in the browser’s time zone and reads it back to the minute', () => {
    const iso = '2026-03-01T09:05:00.000Z';
    const local = toLocalInput(iso);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocalInput(local)).toBe(iso);
    expect(fromLocalInput('2026-03-02T09:00')).toBe(new Date(2026, 2, 2, 9, 0).toISOString());
  });

  it('refuses what is not a date and a time', () => {
    for (const value of ['', '2026-03-02', 'tomorrow', '2026-13-45T99:99']) expect(fromLocalInput(value), value).toBeUndefined();
  });
});
