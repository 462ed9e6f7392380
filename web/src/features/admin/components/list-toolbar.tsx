import { useId, type ReactNode } from 'react';
import { FilterSelect } from '../../../components/filter-select';
import forms from '../../../components/form.module.css';
import styles from './admin.module.css';

/** A labelled search box (admin-spec §2). */
function SearchBox({
  label,
  value,
  placeholder,
  onChange,
}: {
  label: string;
  value: string;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={`${forms.field} ${styles.search}`}>
      <label className={forms.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={forms.input}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/**
 * A list's search box and its filter (admin-spec §2), on `list` (useListFilters);
 * `children` (a button) go after them.
 */
export function ListToolbar<F extends string>({
  list,
  search,
  filter,
  children,
}: {
  list: {
    searchText: string;
    setSearchText: (text: string) => void;
    filter: F;
    setFilter: (value: F) => void;
  };
  search: { label: string; placeholder: string };
  filter: {
    label: string;
    options: readonly { value: string; label: string }[];
    /** The filter an option's value stands for. */
    parse: (value: string) => F;
  };
  children?: ReactNode;
}) {
  return (
    <div className={styles.toolbar} role="search">
      <SearchBox
        label={search.label}
        placeholder={search.placeholder}
        value={list.searchText}
        onChange={list.setSearchText}
      />
      <FilterSelect
        label={filter.label}
        value={list.filter}
        options={filter.options}
        onChange={(value) => list.setFilter(filter.parse(value))}
      />
      {children}
    </div>
  );
}
