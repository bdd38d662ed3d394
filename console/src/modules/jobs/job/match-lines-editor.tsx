import { Button, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { ApiProblem } from '../../../shared/api/client';
import { t } from '../../../shared/i18n';
import type { Job } from '../../../shared/api/job-query';
import { rules } from '../new-job/new-job-values';
import { useUpdateJobPrice } from './job-mutations';

/**
 * The quantities of the job's match lines, by category (`PUT /v2/jobs/:id/price` with `matches`):
 * the job's quantity becomes their sum and each line is priced at its category's rate. The rates
 * stay those of the job's price.
 */
export function MatchLinesEditor({ job }: { job: Job }) {
  const update = useUpdateJobPrice(job.id);
  const [values, setValues] = useState<Record<string, number | string> | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  const opener = useRef<HTMLButtonElement>(null);
  const lines = job.quantity.matches;

  const open = () => {
    setValues(Object.fromEntries(lines.map((line) => [line.id, line.value])));
    setErrors({});
    setProblem(undefined);
  };
  const close = () => {
    setValues(null);
    requestAnimationFrame(() => opener.current?.focus());
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values) return;
    const refused = Object.fromEntries(
      lines.flatMap((line) => (rules.amount(values[line.id] ?? '', true) ? [[line.id, rules.amount(values[line.id] ?? '', true)!]] : [])),
    );
    setErrors(refused);
    if (Object.keys(refused).length > 0) return;
    try {
      await update.mutateAsync({ matches: lines.map((line) => ({ id: line.id, value: Number(values[line.id]) })) });
      close();
    } catch (error) {
      // `matches[2][value]`: the line of index 2.
      const placed: Record<string, string> = {};
      for (const detail of error instanceof ApiProblem ? error.details : []) {
        const index = /^matches\[(\d+)\]/.exec(detail.param)?.[1];
        const line = index === undefined ? undefined : lines[Number(index)];
        if (line) placed[line.id] = detail.message;
      }
      setErrors(placed);
      if (Object.keys(placed).length === 0) setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  if (!values)
    return (
      <Button ref={opener} variant="default" size="compact-sm" w="fit-content" onClick={open}>
        {t('job.matches.edit')}
      </Button>
    );
  return (
    <form
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          close();
        }
      }}
      aria-label={t('job.matches.title')}
      noValidate
    >
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('job.matches.hint')}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {lines.map((line, index) => (
            <NumberInput
              key={line.id}
              label={line.name}
              min={0}
              decimalScale={6}
              thousandSeparator=","
              value={values[line.id] ?? ''}
              error={errors[line.id]}
              autoFocus={index === 0}
              onChange={(value) => setValues((current) => ({ ...current, [line.id]: value }))}
            />
          ))}
        </SimpleGrid>
        {problem && (
          <Text c="red" size="sm" role="alert">
            {problem}
          </Text>
        )}
        <Group gap="xs">
          <Button type="submit" size="compact-sm" loading={update.isPending}>
            {t('action.save')}
          </Button>
          <Button type="button" size="compact-sm" variant="default" onClick={close}>
            {t('action.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
