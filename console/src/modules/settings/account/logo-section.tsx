import { Alert, Box, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { ApiProblem } from '../../../shared/api/client';
import { t } from '../../../shared/i18n';
import { ConfirmDelete } from '../../../shared/ui/confirm-delete';
import { formatBytes } from '../../../shared/formatting/format';
import { logoImageQuery, useRemoveLogo, useUploadLogo, type Account } from './queries';

/** The API's limit (src/modules/accounts/logo-image.ts): larger files are refused before they are sent. */
const LOGO_MAX_BYTES = 1024 * 1024;

const TYPE_NAMES: Record<string, string> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/svg+xml': 'SVG' };

/**
 * The account's logo (docs/operations.md#the-logo): a preview, upload (a button or a drop; the
 * API checks the type by content and sanitises SVG) and removal. Saved at once, apart from the
 * form's other settings.
 */
export function LogoSection({ account, canEdit }: { account: Account; canEdit: boolean }) {
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const [problem, setProblem] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const send = (file: File | undefined) => {
    if (!file) return;
    setProblem(undefined);
    if (file.size > LOGO_MAX_BYTES) return setProblem(t('settings.account.logoTooLarge'));
    upload.mutate(file, {
      onSuccess: () =>
        notifications.show({ closeButtonProps: { 'aria-label': t('action.close') }, color: 'teal', message: t('settings.account.logoUploaded') }),
      onError: (error) => setProblem(error instanceof ApiProblem ? (error.details[0]?.message ?? error.message) : error.message),
    });
  };
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop: (accepted) => send(accepted[0]),
    disabled: !canEdit || upload.isPending,
    noClick: true,
    noKeyboard: true,
    multiple: false,
  });
  const logo = account.logo;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="account-logo">
      <Box {...getRootProps()}>
        <Stack gap="sm">
          <Title order={2} size="h4" id="account-logo">
            {t('settings.account.logo')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('settings.account.logoHelp')}
          </Text>
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          {logo ? <LogoPreview logo={logo} /> : <Text c="dimmed">{t('settings.account.logoNone')}</Text>}
          {canEdit && (
            <Group gap="sm" bg={isDragActive ? 'indigo.0' : undefined}>
              <input {...getInputProps({ 'aria-label': t('settings.account.logoChoose'), accept: 'image/png,image/jpeg,image/svg+xml' })} />
              <Button variant="default" onClick={open} loading={upload.isPending}>
                {logo ? t('settings.account.logoReplace') : t('settings.account.logoUpload')}
              </Button>
              <Text c="dimmed" size="sm">
                {t('settings.account.logoDrop')}
              </Text>
              {logo && (
                <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
                  {t('settings.account.logoRemove')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Box>
      <ConfirmDelete
        opened={confirming}
        title={t('settings.account.logoRemove')}
        text={t('settings.account.logoRemoveConfirm')}
        pending={remove.isPending}
        error={remove.error?.message}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              notifications.show({ closeButtonProps: { 'aria-label': t('action.close') }, color: 'teal', message: t('settings.account.logoRemoved') });
            },
          })
        }
      />
    </Paper>
  );
}

function LogoPreview({ logo }: { logo: NonNullable<Account['logo']> }) {
  const image = useQuery(logoImageQuery(logo.updatedAt));
  // The object URL is released once another image replaces it.
  useEffect(() => {
    const url = image.data;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [image.data]);
  return (
    <Group gap="md" align="center">
      <Box p="xs" bd="1px solid var(--mantine-color-gray-3)" w={220} h={100} style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {image.data && <Image src={image.data} alt={t('settings.account.logoAlt')} fit="contain" mah={80} maw={200} />}
      </Box>
      <Text size="sm" c="dimmed">
        {t('settings.account.logoSize', {
          type: TYPE_NAMES[logo.contentType] ?? logo.contentType,
          width: Math.round(logo.width),
          height: Math.round(logo.height),
          size: formatBytes(logo.size),
        })}
      </Text>
    </Group>
  );
}
