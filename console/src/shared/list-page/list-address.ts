import { useNavigate } from '@tanstack/react-router';

/** How a change of the view is written into the address. */
export interface ViewChange {
  /** Replace the history entry (the search text typed: one entry per search, not per key). */
  replace?: boolean;
  /** Keep the page (a sort, a page of its own); any other change starts again from the first page. */
  keepPage?: boolean;
}

/**
 * The view of a list page lives in the address (docs/console.md#list-pages): its search text,
 * filters, order, page and page size are the route's search parameters, so that a view can be
 * bookmarked and shared. `update` merges a change into the address's view; a filter changed starts
 * from the first page, through the page's own `withFilter` when it has one (which also drops what
 * the address need not say: a default page size, an empty filter).
 */
export function useListAddress<Search extends { page?: number }>(options: {
  to: string;
  replace?: boolean;
  withFilter?: (search: Search, changes: Partial<Search>) => Search;
}): (changes: Partial<Search>, change?: ViewChange) => void {
  const navigate = useNavigate();
  return (changes, change = {}) => {
    void navigate({
      to: options.to,
      search: ((previous: Search) => {
        if (change.keepPage) return { ...previous, ...changes };
        return options.withFilter ? options.withFilter(previous, changes) : { ...previous, ...changes, page: undefined };
      }) as never,
      replace: change.replace ?? options.replace,
    });
  };
}
