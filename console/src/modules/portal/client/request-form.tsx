import { Alert, Anchor, Button, Checkbox, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import type { ApiProblem } from '../../../shared/api/client';
import { LIMITS } from '../../../shared/api/limits.gen';
import type { PortalKey } from '../i18n';
import { usePortalText } from '../use-portal-text';
import { formatSize } from '../work-files';
import { TERMS_PDF_URL, type ClientRequest, type NewRequest, type RequestForm } from './requests-queries';
import classes from '../portal.module.css';

/** The API's most characters of a message (schemas.ts of the requests module). */
const MESSAGE_MAX = 10_000;

export type RequestFields = Omit<NewRequest, 'files' | 'acceptTerms'>;
type Field = 'service' | 'sourceLanguage' | 'targetLanguages' | 'dueDate' | 'reference' | 'purchaseOrder' | 'message' | 'files' | 'acceptTerms';
export type FieldErrors = Partial<Record<Field, string>>;

/** The fields of a request being edited, as the form holds them. */
export function fieldsOf(request: ClientRequest): RequestFields {
  return {
    service: request.service.id,
    sourceLanguage: request.sourceLanguage.code,
    targetLanguages: request.targetLanguages.map((language) => language.code),
    dueDate: request.dueDate ? request.dueDate.slice(0, 10) : null,
    reference: request.reference,
    purchaseOrder: request.purchaseOrder,
    message: request.message,
  };
}

const EMPTY: RequestFields = { service: '', sourceLanguage: '', targetLanguages: [], dueDate: null, reference: '', purchaseOrder: '', message: '' };

/** The checks of the API (docs/client-portal.md#requests), said in the reader's language before anything is sent. */
export function checkRequest(
  fields: RequestFields,
  extra: { files?: File[]; acceptTerms?: boolean; form?: RequestForm },
  t: (key: PortalKey, params?: Record<string, string | number>) => string,
  size: (bytes: number) => string,
): FieldErrors {
  const found: FieldErrors = {};
  if (!fields.service) found.service = t('requests.error.service');
  if (!fields.sourceLanguage) found.sourceLanguage = t('requests.error.source');
  if (fields.targetLanguages.length === 0) found.targetLanguages = t('requests.error.targets');
  else if (fields.targetLanguages.includes(fields.sourceLanguage)) found.targetLanguages = t('requests.error.sameAsSource');
  if (fields.dueDate !== null && fields.dueDate !== '' && Number.isNaN(Date.parse(fields.dueDate))) found.dueDate = t('requests.error.date');
  if (fields.reference.length > LIMITS.text) found.reference = t('requests.error.tooLong', { max: LIMITS.text });
  if (fields.purchaseOrder.length > LIMITS.text) found.purchaseOrder = t('requests.error.tooLong', { max: LIMITS.text });
  if (fields.message.length > MESSAGE_MAX) found.message = t('requests.error.tooLong', { max: MESSAGE_MAX });
  const { files = [], form } = extra;
  if (form) {
    const large = files.find((file) => file.size > form.maxFileBytes);
    if (large) found.files = t('requests.error.tooLarge', { name: large.name, size: size(form.maxFileBytes) });
    else if (files.length > form.maxFilesPerUpload) found.files = t('requests.error.tooMany', { max: form.maxFilesPerUpload });
    if (form.terms.acceptanceRequired && !extra.acceptTerms) found.acceptTerms = t('requests.error.terms');
  }
  return found;
}

/** The API's 400 names a field: said there, in the reader's language. */
export function fieldErrorsOf(error: ApiProblem, t: (key: PortalKey) => string): FieldErrors {
  const found: FieldErrors = {};
  for (const detail of error.details) {
    const param = detail.param.replace(/\[.*$/, '');
    if (param === 'service') found.service = t('requests.error.service');
    else if (param === 'sourceLanguage') found.sourceLanguage = t('requests.error.source');
    else if (param === 'targetLanguages') found.targetLanguages = t('requests.error.targets');
    else if (param === 'dueDate') found.dueDate = t('requests.error.date');
    else if (param === 'acceptTerms') found.acceptTerms = t('requests.error.terms');
    else if (param === 'reference' || param === 'purchaseOrder' || param === 'message') found[param] = detail.message;
  }
  return found;
}

interface RequestFormProps {
  form: RequestForm;
  /** Editing a request: its fields; no files nor terms (they were given with it). */
  initial?: RequestFields;
  submitLabel: string;
  pending: boolean;
  problem?: string;
  serverErrors?: FieldErrors;
  onSubmit: (fields: RequestFields, files: File[], acceptTerms: boolean) => void;
  onCancel?: () => void;
}

/**
 * The request's fields (docs/client-portal.md#requests): the service and the languages from what
 * the agency offers, the due date, the client's reference and purchase order, a message; a new
 * request also takes files (each shown with its size and a button to remove it; one over the
 * upload limit is refused here, as the server would) and, when the agency has terms, their text,
 * the link to their PDF and "I accept the terms".
 */
export function RequestFormFields({ form, initial, submitLabel, pending, problem, serverErrors, onSubmit, onCancel }: RequestFormProps) {
  const text = usePortalText();
  const { t, languageName } = text;
  const editing = initial !== undefined;
  const [fields, setFields] = useState<RequestFields>(initial ?? { ...EMPTY, service: form.services.length === 1 ? form.services[0]!.id : '' });
  const [files, setFiles] = useState<File[]>([]);
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [checked, setChecked] = useState<FieldErrors>({});
  const input = useRef<HTMLInputElement>(null);
  const errors = { ...serverErrors, ...checked };
  const size = (bytes: number) => formatSize(text, bytes);

  // The agency's languages, and any of the request's that it no longer offers.
  const known = new Map(form.languages.map((language) => [language.code, languageName(language.code, language.name)]));
  for (const code of [fields.sourceLanguage, ...fields.targetLanguages]) if (code && !known.has(code)) known.set(code, code);
  const languages = [...known].map(([code, name]) => ({ value: code, label: name }));
  const services = form.services.map((service) => ({ value: service.id, label: service.name }));
  if (fields.service && !services.some((service) => service.value === fields.service)) services.push({ value: fields.service, label: fields.service });

  const set = <K extends keyof RequestFields>(name: K, value: RequestFields[K]) => {
    setFields((current) => ({ ...current, [name]: value }));
    setChecked(({ [name]: _gone, ...rest }) => rest);
  };
  const addFiles = (chosen: FileList | null) => {
    if (!chosen) return;
    const added = [...chosen];
    const large = added.find((file) => file.size > form.maxFileBytes);
    // A file over the limit is refused here, as the server would refuse the whole request.
    if (large) setChecked((current) => ({ ...current, files: t('requests.error.tooLarge', { name: large.name, size: size(form.maxFileBytes) }) }));
    else setChecked(({ files: _gone, ...rest }) => rest);
    setFiles((current) => [...current, ...added.filter((file) => file.size <= form.maxFileBytes)]);
    if (input.current) input.current.value = '';
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkRequest(fields, editing ? {} : { files, acceptTerms, form }, t, size);
    setChecked(found);
    if (Object.keys(found).length > 0) return;
    onSubmit(fields, files, acceptTerms);
  };

  const terms = form.terms;
  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NativeSelect
            label={t('requests.form.service')}
            required
            data={[{ value: '', label: t('requests.form.choose'), disabled: true }, ...services]}
            value={fields.service}
            error={errors.service}
            onChange={(event) => set('service', event.currentTarget.value)}
            classNames={{ input: classes.target }}
          />
          <NativeSelect
            label={t('requests.form.source')}
            required
            data={[{ value: '', label: t('requests.form.choose'), disabled: true }, ...languages]}
            value={fields.sourceLanguage}
            error={errors.sourceLanguage}
            onChange={(event) => set('sourceLanguage', event.currentTarget.value)}
            classNames={{ input: classes.target }}
          />
        </SimpleGrid>
        <Checkbox.Group
          label={t('requests.form.targets')}
          description={t('requests.form.targets.hint')}
          required
          value={fields.targetLanguages}
          onChange={(value) => set('targetLanguages', value)}
          error={errors.targetLanguages}
        >
          <SimpleGrid component="ul" cols={{ base: 2, xs: 3, md: 4 }} spacing={4} verticalSpacing={0} m={0} mt="xs" p={0} className={classes.list}>
            {languages.map((language) => (
              <li key={language.value} className={classes.checkItem}>
                <Checkbox value={language.value} label={language.label} size="md" classNames={{ label: classes.value }} />
              </li>
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            type="date"
            label={t('requests.form.dueDate')}
            value={fields.dueDate ?? ''}
            error={errors.dueDate}
            onChange={(event) => set('dueDate', event.currentTarget.value || null)}
            classNames={{ input: classes.target }}
          />
          <TextInput
            label={t('requests.form.reference')}
            value={fields.reference}
            maxLength={LIMITS.text}
            error={errors.reference}
            onChange={(event) => set('reference', event.currentTarget.value)}
            classNames={{ input: classes.target }}
          />
          <TextInput
            label={t('requests.form.purchaseOrder')}
            value={fields.purchaseOrder}
            maxLength={LIMITS.text}
            error={errors.purchaseOrder}
            onChange={(event) => set('purchaseOrder', event.currentTarget.value)}
            classNames={{ input: classes.target }}
          />
        </SimpleGrid>
        <Textarea
          label={t('requests.form.message')}
          autosize
          minRows={3}
          maxLength={MESSAGE_MAX}
          value={fields.message}
          error={errors.message}
          onChange={(event) => set('message', event.currentTarget.value)}
        />
        {!editing && (
          <Stack gap="xs" component="fieldset" m={0} p={0} bd="none" aria-describedby="request-files-hint">
            <Text component="legend" fw={500} size="sm">
              {t('requests.form.files')}
            </Text>
            <Text size="sm" c="dimmed" id="request-files-hint">
              {t('requests.form.files.hint', { size: size(form.maxFileBytes), max: form.maxFilesPerUpload })}
            </Text>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              aria-label={t('requests.form.files.add')}
              onChange={(event) => addFiles(event.currentTarget.files)}
            />
            {files.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('requests.form.files.none')}
              </Text>
            ) : (
              <Stack gap={4} component="ul" m={0} p={0} className={classes.list}>
                {files.map((file, index) => (
                  <Paper key={`${file.name}-${index}`} component="li" withBorder px="sm" py={4} radius="md">
                    <Group justify="space-between" gap="xs" wrap="nowrap">
                      <Stack gap={0} miw={0}>
                        <Text size="sm" fw={500} className={classes.value}>
                          {file.name}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {size(file.size)}
                        </Text>
                      </Stack>
                      <Button
                        variant="subtle"
                        color="red"
                        c="red.9"
                        size="sm"
                        className={classes.target}
                        aria-label={t('requests.form.files.removeName', { name: file.name })}
                        onClick={() => setFiles((current) => current.filter((_, at) => at !== index))}
                      >
                        {t('requests.form.files.remove')}
                      </Button>
                    </Group>
                  </Paper>
                ))}
              </Stack>
            )}
            {errors.files && (
              <Text size="sm" c="red.9" role="alert">
                {errors.files}
              </Text>
            )}
            <Group>
              <Button variant="default" className={classes.target} onClick={() => input.current?.click()}>
                {t('requests.form.files.add')}
              </Button>
            </Group>
          </Stack>
        )}
        {!editing && terms.acceptanceRequired && (
          <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="request-terms-title">
            <Stack gap="xs">
              <Title order={3} size="h5" id="request-terms-title">
                {t('requests.form.terms')}
              </Title>
              {terms.text && (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', maxHeight: '16rem', overflowY: 'auto' }} className={classes.value} tabIndex={0}>
                  {terms.text}
                </Text>
              )}
              {terms.pdf && (
                <Anchor href={TERMS_PDF_URL} target="_blank" rel="noopener" className={classes.fileLink}>
                  {t('requests.form.terms.pdf', { size: size(terms.pdf.size) })}
                </Anchor>
              )}
              <Checkbox
                size="md"
                label={t('requests.form.terms.accept')}
                checked={acceptTerms}
                error={errors.acceptTerms}
                onChange={(event) => {
                  setAcceptTerms(event.currentTarget.checked);
                  setChecked(({ acceptTerms: _gone, ...rest }) => rest);
                }}
              />
            </Stack>
          </Paper>
        )}
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" className={classes.target} onClick={onCancel}>
              {t('answer.cancel')}
            </Button>
          )}
          <Button type="submit" className={`${classes.target} ${classes.wrapping}`} classNames={{ label: classes.label }} loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
