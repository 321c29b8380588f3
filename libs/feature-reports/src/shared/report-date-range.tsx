import { DatePicker, IconButton, parseDate, Portal, Text } from '@chakra-ui/react';
import type { DateValue } from '@chakra-ui/react';
import { localeOf, useTranslation } from '@camposense/i18n';
import { CalendarDays, X } from 'lucide-react';
import type { DayRangeFilter } from './day-range';

export interface ReportDateRangeProps {
  value: DayRangeFilter;
  onChange: (value: DayRangeFilter) => void;
  /** The texts, from the report's own dictionary block. */
  labels: {
    fechas: string;
    desde: string;
    hasta: string;
    datePlaceholder: string;
    openCalendar: string;
    clearDates: string;
    previousMonth: string;
    nextMonth: string;
  };
}

const toDateValue = (day: string | null): DateValue[] => (day ? [parseDate(day)] : []);

/**
 * From and to days of a report's filters: typed in the language's order (dd/mm/aaaa in Spanish) or
 * picked on a calendar that starts on Monday. A range is committed as it is picked, either end alone too.
 */
export function ReportDateRange({ value, onChange, labels }: ReportDateRangeProps) {
  const { i18n } = useTranslation();
  const pickerValue = [...toDateValue(value.desde), ...(value.desde ? toDateValue(value.hasta) : [])];
  return (
    <DatePicker.Root
      size="sm"
      selectionMode="range"
      locale={localeOf(i18n.language)}
      startOfWeek={1}
      value={pickerValue}
      onValueChange={({ value: days }) => onChange({ desde: days[0]?.toString() ?? null, hasta: days[1]?.toString() ?? null })}
      maxW="20rem"
      // Zag's own labels are English; the day cells say just their date, in the language.
      translations={{
        dayCell: (state) => state.valueText,
        trigger: () => labels.openCalendar,
        prevTrigger: () => labels.previousMonth,
        nextTrigger: () => labels.nextMonth,
        content: labels.fechas,
        clearTrigger: labels.clearDates,
      }}
    >
      <DatePicker.Label>{labels.fechas}</DatePicker.Label>
      <DatePicker.Control>
        <DatePicker.Input index={0} aria-label={labels.desde} placeholder={labels.datePlaceholder} />
        <DatePicker.Input index={1} aria-label={labels.hasta} placeholder={labels.datePlaceholder} />
        <DatePicker.IndicatorGroup>
          {value.desde || value.hasta ? (
            <DatePicker.ClearTrigger asChild>
              <IconButton size="2xs" variant="ghost" aria-label={labels.clearDates}>
                <X aria-hidden />
              </IconButton>
            </DatePicker.ClearTrigger>
          ) : null}
          <DatePicker.Trigger aria-label={labels.openCalendar}>
            <CalendarDays aria-hidden />
          </DatePicker.Trigger>
        </DatePicker.IndicatorGroup>
      </DatePicker.Control>
      <Portal>
        <DatePicker.Positioner>
          <DatePicker.Content>
            <DatePicker.View view="day">
              {/* Chakra's header switches to month and year views through a button whose English label
                  hides its visible month (axe: label-content-name-mismatch); days are enough here. */}
              <DatePicker.ViewControl>
                <DatePicker.PrevTrigger />
                <Text flex="1" textAlign="center" fontWeight="semibold" fontSize="sm">
                  <DatePicker.RangeText />
                </Text>
                <DatePicker.NextTrigger />
              </DatePicker.ViewControl>
              <DatePicker.DayTable />
            </DatePicker.View>
          </DatePicker.Content>
        </DatePicker.Positioner>
      </Portal>
    </DatePicker.Root>
  );
}
