import { Group, Pagination, Select, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { t } from '../i18n';
import { formatNumber } from '../formatting/format';

interface ListPaginationProps {
  page: number;
  pageSize: number;
  totalItems: number;
  totalPages: number;
  onPage(page: number): void;
  onPageSize(pageSize: number): void;
  /** The page sizes offered, and the name of their select ("Jobs per page"). */
  pageSizes: readonly number[];
  pageSizeLabel: string;
}

/**
 * Below a list the server pages (jobs, documents): "1–50 of 1,234", the page buttons and the page
 * size; the table shows one page.
 */
export function ListPagination({ page, pageSize, totalItems, totalPages, onPage, onPageSize, pageSizes, pageSizeLabel }: ListPaginationProps) {
  const from = totalItems === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, totalItems);
  const sizeId = useId();
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" aria-live="polite">
        {t('pagination.summary', { from: formatNumber(from, 0), to: formatNumber(to, 0), total: formatNumber(totalItems, 0) })}
      </Text>
      <Group gap="md" wrap="wrap">
        {totalPages > 1 && (
          <nav aria-label={t('pagination.label')}>
            <Pagination
              total={totalPages}
              value={Math.min(page, totalPages)}
              onChange={onPage}
              size="sm"
              siblings={1}
              boundaries={1}
              withEdges
              getItemProps={(item) => ({
                'aria-label': t('pagination.page', { page: item }),
                'aria-current': item === page ? 'page' : undefined,
              })}
              getControlProps={(control) => ({
                'aria-label': t(`pagination.${control}`),
              })}
            />
          </nav>
        )}
        <Group gap="xs" wrap="nowrap">
          <Text component="label" htmlFor={sizeId} size="sm">
            {pageSizeLabel}
          </Text>
          <Select
            id={sizeId}
            w={80}
            size="xs"
            data={pageSizes.map((size) => String(size))}
            value={String(pageSize)}
            onChange={(value) => value && onPageSize(Number(value))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
      </Group>
    </Group>
  );
}
