import { Anchor, Group, Stack, Title } from '@mantine/core';
import { t } from '../../shared/i18n';
import { documentTitle } from './documents-table';
import type { AnyDocument, DocumentKind } from './kinds';
import classes from './pdf-section.module.css';
import { EInvoiceLink } from './e-invoice-link';
import { pdfUrl } from './queries';

/**
 * The document's PDF (GET …/pdf, same origin: the page's policy has `frame-src 'self'` and the PDF
 * answer `frame-ancestors 'self'`), previewed in the page and downloadable. The preview is reloaded
 * when the document changes (a new frame per `updatedAt`; the PDF is never cached). A numbered
 * invoice or credit note also offers its e-invoice.
 */
export function PdfSection({ kind, document }: { kind: DocumentKind; document: AnyDocument }) {
  const headingId = `document-pdf-${document.id}`;
  const url = pdfUrl(kind, document.id);
  const title = documentTitle(kind, document);
  const filename = `${(document.number ?? `draft-${document.id}`).replace(/[^\w.-]+/g, '-')}.pdf`;
  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} id={headingId}>
            {t('documents.pdf.title')}
          </Title>
          <Group gap="md">
            <Anchor href={url} target="_blank" rel="noopener">
              {t('documents.pdf.open')}
            </Anchor>
            <Anchor href={url} download={filename}>
              {t('documents.pdf.download')}
            </Anchor>
            {/* An e-invoice needs the document's number: numbered invoices and credit notes only. */}
            {kind.key === 'invoice' && document.number !== null && (
              <EInvoiceLink url={url.replace(/\/pdf$/, '/ubl')} filename={filename.replace(/\.pdf$/, '.xml')} />
            )}
          </Group>
        </Group>
        <iframe key={document.updatedAt} className={classes.preview} src={url} title={t('documents.pdf.preview', { title })} />
      </Stack>
    </section>
  );
}
