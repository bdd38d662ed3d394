import { Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LOCALE, t } from '../../shared/i18n';
import { formatMoney } from '../../shared/formatting/format';
import type { CurrencyAmount } from './queries';

/** One figure of a section: its name (dt) and its value (dd), with an optional line under it. */
export function Figure({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <Paper withBorder p="sm" component="div">
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Stack component="dd" gap={2} m={0}>
        <Text component="div" fw={600} fz="xl">
          {value}
        </Text>
        {note !== undefined && (
          <Text component="div" size="sm" c="dimmed">
            {note}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Amounts in several currencies, one after the other ("€1,200.00 · $30.00"); a dash when there are none. */
export function amountsText(amounts: CurrencyAmount[]): string {
  if (amounts.length === 0) return t('dashboard.amounts.none');
  return amounts.map((item) => formatMoney(item.amount, item.currency.code)).join(' · ');
}

const monthFormat = new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A month of the API (`2026-11`) as words: "November 2026". */
export function monthName(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return monthFormat.format(new Date(Date.UTC(year!, number! - 1, 1)));
}

/** The day (YYYY-MM-DD) of an instant in a time zone: the jobs list's day filters are whole days. */
export function dayIn(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}
