import { NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { t, tCount } from '../../../shared/i18n';
import { formatNumber } from '../../../shared/formatting/format';
import { bandLabel, bandRows, unitsOf, type ParsedReport, type ReportLanguage, type Unit } from './cat-analysis-report';
import { ScrollTable } from '../../../shared/ui/scroll-table';

const UNIT_HEADERS: Record<Unit, 'catAnalysis.bands.segments' | 'catAnalysis.bands.words' | 'catAnalysis.bands.characters'> = {
  segments: 'catAnalysis.bands.segments',
  words: 'catAnalysis.bands.words',
  characters: 'catAnalysis.bands.characters',
};

/**
 * The parsed bands of one language of a report: all its files together, or one file (a report of
 * several files offers the choice). Only the units the report counts are columns; bands that count
 * nothing are left out (and said so).
 */
export function CatAnalysisBands({ report, language }: { report: ParsedReport; language: ReportLanguage }) {
  const [fileIndex, setFileIndex] = useState('all');
  const file = fileIndex === 'all' ? undefined : language.files[Number(fileIndex)];
  const { rows, hidden, total } = bandRows(file?.counts ?? language.counts);
  const units = unitsOf(report);
  const scope = file ? file.name : t('catAnalysis.report.allFiles', { count: language.files.length });
  return (
    <Stack gap="xs">
      {language.files.length > 1 && (
        <NativeSelect
          label={t('catAnalysis.report.files')}
          value={file ? fileIndex : 'all'}
          onChange={(event) => setFileIndex(event.currentTarget.value)}
          data={[
            { value: 'all', label: t('catAnalysis.report.allFiles', { count: language.files.length }) },
            ...language.files.map((item, index) => ({ value: String(index), label: item.name })),
          ]}
          maw={480}
        />
      )}
      {rows.length === 0 ? (
        <Text c="dimmed">{t('catAnalysis.bands.empty')}</Text>
      ) : (
        <ScrollTable minWidth={420} label={t('job.section.catAnalysis')}>
          <Table striped withTableBorder captionSide="top" maw={720}>
            <Table.Caption>{t('catAnalysis.bands.caption', { scope })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('catAnalysis.bands.band')}</Table.Th>
                {units.map((unit) => (
                  <Table.Th scope="col" key={unit} ta="right">
                    {t(UNIT_HEADERS[unit])}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.band}>
                  <Table.Th scope="row" fw={400}>
                    {bandLabel(row.band)}
                  </Table.Th>
                  {units.map((unit) => (
                    <Table.Td key={unit} ta="right">
                      {formatNumber(row[unit], 0)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row">{t('catAnalysis.bands.total')}</Table.Th>
                {units.map((unit) => (
                  <Table.Td key={unit} ta="right" fw={700}>
                    {formatNumber(total[unit], 0)}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </ScrollTable>
      )}
      {hidden > 0 && (
        <Text size="sm" c="dimmed">
          {tCount('catAnalysis.bands.zeroHidden', hidden)}
        </Text>
      )}
    </Stack>
  );
}
