import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListPagination } from './list-pagination';

/** One page of a list the server pages, as the API answers it. */
export interface ListAnswer {
  page: number;
  pageSize: number;
  totalItems: number;
  totalPages: number;
}

/**
 * The frame of a list page (docs/console.md#list-pages): its title with its action ("New job"),
 * the search box and filters, the page's own body (the table, or what stands in its place: loading,
 * a problem, nothing found), and below it the pagination once the list holds anything.
 */
export function ListPage({
  title,
  action,
  filters,
  children,
  answer,
  pageSizes,
  pageSizeLabel,
  defaultPageSize,
  onPage,
  onPageSize,
}: {
  title: string;
  action?: ReactNode;
  filters: ReactNode;
  children: ReactNode;
  answer: ListAnswer | undefined;
  pageSizes: readonly number[];
  pageSizeLabel: string;
  /** The page size the address leaves unsaid. */
  defaultPageSize: number;
  /** Another page (undefined: the first, which the address leaves unsaid). */
  onPage(page: number | undefined): void;
  onPageSize(pageSize: number | undefined): void;
}) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{title}</Title>
        {action}
      </Group>
      {filters}
      {children}
      {answer && answer.totalItems > 0 && (
        <ListPagination
          pageSizes={pageSizes}
          pageSizeLabel={pageSizeLabel}
          page={answer.page}
          pageSize={answer.pageSize}
          totalItems={answer.totalItems}
          totalPages={answer.totalPages}
          onPage={(page) => onPage(page > 1 ? page : undefined)}
          onPageSize={(pageSize) => onPageSize(pageSize === defaultPageSize ? undefined : pageSize)}
        />
      )}
    </Stack>
  );
}
