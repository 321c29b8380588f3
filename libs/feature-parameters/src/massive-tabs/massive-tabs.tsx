import { Tabs } from '@chakra-ui/react';
import type { TableName } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import { useUnsavedChanges } from '@camposense/ui';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { MassiveView } from '../massive-view/massive-view';

export interface MassiveTabsProps {
  /** The table whose massive sub-tab this is: the CSV import writes its rows. */
  table: TableName;
  /** The table's own massive form (replicate, mapping, grid), shown first. */
  form: ReactNode;
  /** That form's tab label, e.g. "Por fundo y entidad". */
  formLabel: string;
}

type Mode = 'form' | 'csv';

/**
 * A massive sub-tab that has a form of its own (issue 13) and keeps the CSV import every massive
 * table has: two tabs. Leaving one with unsaved work asks first, as leaving a sub-tab does; the
 * tab left is unmounted, so its work is dropped only once the person said so.
 */
export function MassiveTabs({ table, form, formLabel }: MassiveTabsProps) {
  const { t } = useTranslation();
  const { confirmLeave } = useUnsavedChanges();
  const [mode, setMode] = useState<Mode>('form');
  const labels: Record<Mode, string> = { form: formLabel, csv: t('parameters.massive.csvTab') };
  const change = async (next: Mode) => {
    if (next !== mode && (await confirmLeave('subtab', labels[next]))) setMode(next);
  };
  return (
    <Tabs.Root value={mode} onValueChange={(details) => void change(details.value as Mode)} lazyMount unmountOnExit variant="line" colorPalette="orange">
      <Tabs.List aria-label={t('parameters.massive.modesLabel')} px="4" pt="2">
        <Tabs.Trigger value="form">{labels.form}</Tabs.Trigger>
        <Tabs.Trigger value="csv">{labels.csv}</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="form" pt="0">
        {form}
      </Tabs.Content>
      <Tabs.Content value="csv" pt="0">
        <MassiveView table={table} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
