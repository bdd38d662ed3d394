import { Alert, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ApiProblem } from '../../../shared/api/client';
import { useCan, useSession } from '../../../shared/session/session';
import { t, tCount } from '../../../shared/i18n';
import type { Job } from '../../../shared/api/job-query';
import { CatAnalysisBands } from './cat-analysis-bands';
import { CatAnalysisDropZone } from './cat-analysis-drop-zone';
import { CatAnalysisImportForm } from './cat-analysis-import-form';
import { useParseReport } from './cat-analysis-queries';
import { defaultLanguageIndex, labelOf, type ParsedReport } from './cat-analysis-report';

/**
 * The job page's "CAT analysis" section (docs/console.md#the-job-page): drop a report, see its
 * bands as the API read them (nothing stored yet), then import it into the job or one of its
 * outsourcing through a CAT configuration. Only for roles that change project work.
 */
export function CatAnalysisSection({ job }: { job: Job }) {
  const can = useCan('projects');
  const headingId = `job-cat-analysis-${job.id}`;
  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} id={headingId}>
          {t('job.section.catAnalysis')}
        </Title>
        <LastImport job={job} />
        {can ? <ReportImport job={job} /> : <ReadOnlyNotice />}
      </Stack>
    </section>
  );
}

function ReadOnlyNotice() {
  const { user } = useSession();
  return <Text c="dimmed">{t('catAnalysis.readOnly', { role: t(`role.${user.role}`) })}</Text>;
}

/** The report of the job's last import, stored among its files. */
function LastImport({ job }: { job: Job }) {
  const names = job.quantity.catFile.fileIds.map((id) => job.files.find((file) => file.id === id)?.name).filter((name) => name !== undefined);
  if (names.length === 0) return null;
  return (
    <Text size="sm" c="dimmed">
      {t('catAnalysis.lastImport', { name: names.join(', ') })}
    </Text>
  );
}

interface Parsed {
  file: File;
  report: ParsedReport;
}

function ReportImport({ job }: { job: Job }) {
  const [progress, setProgress] = useState(0);
  const [parsed, setParsed] = useState<Parsed>();
  const [languageIndex, setLanguageIndex] = useState(-1);
  const [reading, setReading] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<string>();
  // Focus is kept for a keyboard user: the drop zone is disabled while a report is read and is
  // replaced by the report once read, and the focused element leaving the page puts focus back at
  // the top of the page. The report's summary takes it when the report shows; the drop zone takes
  // it back after a refusal, a cancel or an import (not on the page's first show).
  const [zoneTakesFocus, setZoneTakesFocus] = useState(false);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (parsed) summaryRef.current?.focus();
  }, [parsed]);
  const parse = useParseReport(setProgress);

  const read = async (file: File) => {
    setFailure(undefined);
    setDone(undefined);
    setProgress(0);
    setReading(file.name);
    try {
      const report = await parse.mutateAsync(file);
      setParsed({ file, report });
      setLanguageIndex(defaultLanguageIndex(report, job.languagePair?.target.code));
    } catch (error) {
      // The reader's message names the row, element or byte that is wrong (docs/cat-analysis.md).
      const message = error instanceof ApiProblem ? (error.fieldMessage('file') ?? error.message) : String(error);
      setFailure(t('catAnalysis.parseFailed', { name: file.name, message }));
      setZoneTakesFocus(true);
    } finally {
      setReading(undefined);
    }
  };

  if (!parsed) {
    return (
      <Stack gap="sm">
        {done && (
          <Alert color="green" role="status">
            {done}
          </Alert>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <CatAnalysisDropZone
          onFile={(file) => void read(file)}
          busy={reading && t('catAnalysis.reading', { name: reading })}
          progress={progress}
          takesFocus={zoneTakesFocus}
        />
      </Stack>
    );
  }

  const { file, report } = parsed;
  const language = report.languages[languageIndex];
  const fileCount = language?.files.length ?? report.languages.reduce((sum, item) => sum + item.files.length, 0);
  const summary = {
    name: file.name,
    tool: labelOf('catAnalysis.tool', report.catTool),
    format: labelOf('catAnalysis.format', report.format),
  };
  return (
    <Stack gap="md">
      <Text fw={600} role="status" ref={summaryRef} tabIndex={-1}>
        {language
          ? tCount('catAnalysis.report.summaryLanguage', fileCount, { ...summary, language: language.target ?? t('catAnalysis.report.noLanguage') })
          : tCount('catAnalysis.report.summary', fileCount, summary)}
      </Text>
      {report.languages.length > 1 && (
        <NativeSelect
          label={t('catAnalysis.report.language')}
          description={t('catAnalysis.report.languageHint')}
          value={languageIndex < 0 ? '' : String(languageIndex)}
          onChange={(event) => setLanguageIndex(Number(event.currentTarget.value))}
          data={[
            ...(languageIndex < 0 ? [{ value: '', label: t('catAnalysis.import.chooseLanguage'), disabled: true }] : []),
            ...report.languages.map((item, index) => ({ value: String(index), label: item.target ?? t('catAnalysis.report.noLanguage') })),
          ]}
          maw={360}
        />
      )}
      {language && <CatAnalysisBands key={languageIndex} report={report} language={language} />}
      <CatAnalysisImportForm
        job={job}
        file={file}
        report={report}
        language={language}
        onCancel={() => {
          setParsed(undefined);
          setZoneTakesFocus(true);
        }}
        onImported={(message) => {
          setParsed(undefined);
          setDone(message);
          setZoneTakesFocus(true);
        }}
      />
    </Stack>
  );
}
