import { Alert, Anchor } from '@mantine/core';
import { useState, type MouseEvent } from 'react';
import { CONSOLE_CALL } from '../../shared/api/client';
import { t } from '../../shared/i18n';

/**
 * "Download e-invoice (UBL)" of a numbered invoice or credit note (GET /v2/invoices/:id/ubl,
 * docs/documents.md#e-invoices). The file is asked for first: when the API refuses it (409: the
 * account's VAT number, a country or an identifier is missing) its message is shown here instead
 * of a downloaded error body.
 */
export function EInvoiceLink({ url, filename }: { url: string; filename: string }) {
  const [problem, setProblem] = useState<string>();
  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setProblem(undefined);
    const answer = await fetch(url, { credentials: 'same-origin', headers: CONSOLE_CALL });
    if (!answer.ok) {
      const body = (await answer.json().catch(() => null)) as { message?: string } | null;
      setProblem(body?.message ?? t('documents.eInvoice.failed', { status: answer.status }));
      return;
    }
    const link = document.createElement('a');
    link.href = URL.createObjectURL(await answer.blob());
    link.download = filename;
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <>
      <Anchor href={url} download={filename} onClick={(event) => void download(event)}>
        {t('documents.eInvoice.download')}
      </Anchor>
      {problem && (
        <Alert color="red" role="alert" title={t('documents.eInvoice.refused')} w="100%">
          {problem}
        </Alert>
      )}
    </>
  );
}
