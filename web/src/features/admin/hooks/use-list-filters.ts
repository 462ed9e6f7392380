import { useState } from 'react';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';

/**
 * A paged list's search box, one filter and page. admin-spec §4: a change of
 * search text or filter sends the list back to page 1; the search is asked for
 * once the typing has settled.
 */
export function useListFilters<F extends string>(initialFilter: F, debounceMs: number) {
  const [searchText, setSearchText] = useState('');
  const [filter, setFilterState] = useState<F>(initialFilter);
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(searchText, debounceMs);
  // The page goes back to 1 when the asked-for search changes, not on every key.
  const [pageSearch, setPageSearch] = useState(search);
  if (pageSearch !== search) {
    setPageSearch(search);
    setPage(1);
  }
  return {
    searchText,
    setSearchText,
    search,
    filter,
    setFilter: (value: F) => {
      setFilterState(value);
      setPage(1);
    },
    page,
    setPage,
    /** The list's page count (at least 1); a page past the end (after a delete) goes back to the last. */
    pageCount: (answer: { totalPages: number } | undefined) => {
      const total = Math.max(1, answer?.totalPages ?? 1);
      if (answer && page > total) setPage(total);
      return total;
    },
  };
}
