import { useLabelSearch, useReferenceLabels } from '@camposense/data-access';
import type { TableName } from '@camposense/domain';
import { SearchableSelect } from '@camposense/ui';
import type { RecordSelectControl, SearchableSelectOption } from '@camposense/ui';
import { useDeferredValue, useMemo, useRef, useState } from 'react';

/** Options shown per search: enough to pick from, a search narrows a larger table. */
export const REFERENCE_OPTIONS_PAGE_SIZE = 50;

export interface ReferenceSelectProps extends RecordSelectControl {
  /** The referenced table, whose rows are offered by their label. */
  table: TableName;
  /** Equality filters from the cascade above (`{ paisid: 3 }`): only that parent's rows are offered. */
  filters?: Readonly<Record<string, number>>;
}

/**
 * A foreign key's searchable select that never loads the referenced table whole: it asks the
 * paged `/labels` for the typed text (matched on the label and the lookup columns, so a node is
 * found by its DevEUI too), under the cascade's parent, and names the chosen row even when it is
 * not on the page of options.
 */
export function ReferenceSelect({ table, filters, ...control }: ReferenceSelectProps) {
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const page = useLabelSearch(table, { search: deferredSearch, filters, pageSize: REFERENCE_OPTIONS_PAGE_SIZE });
  const chosen = useReferenceLabels(control.value === null ? null : table, [control.value]);
  // Every name offered so far: a row just chosen stays named while the search resets to the first page.
  const seen = useRef(new Map<number, string>());
  const options = useMemo<SearchableSelectOption[]>(() => {
    const offered = (page.data?.data ?? []).map((option) => ({ value: option.id, label: option.label }));
    for (const option of offered) seen.current.set(option.value, option.label);
    const chosenLabel = control.value === null ? undefined : (chosen.labels.get(control.value) ?? seen.current.get(control.value));
    if (control.value !== null && chosenLabel !== undefined && !offered.some((option) => option.value === control.value)) {
      offered.unshift({ value: control.value, label: chosenLabel });
    }
    return offered;
  }, [page.data, chosen.labels, control.value]);
  const pagination = page.data?.pagination;
  const matches = pagination ? { shown: page.data?.data.length ?? 0, total: pagination.total } : null;
  return <SearchableSelect {...control} options={options} matches={matches} loading={page.isLoading || page.isValidating} onSearchChange={setSearch} />;
}
