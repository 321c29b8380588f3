import { Button, DatePicker, Flex, IconButton, parseDate, Portal, Text, Wrap } from '@chakra-ui/react';
import type { DateValue } from '@chakra-ui/react';
import { dayInZone } from '@camposense/domain';
import { localeOf, useDisplayTimeZone, useTranslation } from '@camposense/i18n';
import { CalendarDays, X } from 'lucide-react';
import type { KeyboardEvent, ReactNode } from 'react';
import { activeQuickRange, DEFAULT_SEASON_START_MONTH, QUICK_RANGES, quickRange } from './quick-ranges';
import type { DateRangeValue, QuickRangeId } from './quick-ranges';

export interface DateRangePickerProps {
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  /** What the range is called above it; "Fechas" / "Dates" unless the screen names it otherwise. */
  label?: ReactNode;
  /** The accessible names of the two typed days; "Desde" / "Hasta" by default. */
  fromLabel?: string;
  toLabel?: string;
  /** The quick ranges offered beside the days, in order; an empty list offers none. */
  quickRanges?: readonly QuickRangeId[];
  /**
   * The month (1–12) the growing season of "Esta temporada" / "This season" starts in: August by
   * default, the start of Peru's campaña agrícola (see DEFAULT_SEASON_START_MONTH).
   */
  seasonStartMonth?: number;
  disabled?: boolean;
  /** Marks the days as wrong (a screen that needs both ends, say). */
  invalid?: boolean;
}

const toDateValue = (day: string | null): DateValue[] => (day ? [parseDate(day)] : []);

/**
 * Zag's Enter in a typed day picks it as a click on the calendar would, which starts a new range and
 * drops the other end; leaving the field commits only the end typed in. Enter does that instead.
 */
function commitTypedDayOnEnter(event: KeyboardEvent<HTMLDivElement>) {
  const input = event.target;
  if (event.key !== 'Enter' || !(input instanceof HTMLInputElement)) return;
  event.preventDefault();
  input.blur();
  input.focus();
}

/**
 * The console's one date-range picker (issue 16): from and to days typed in the language's order
 * (dd/mm/aaaa in Spanish, mm/dd/yyyy in English) or picked on a calendar that starts on Monday, with
 * quick ranges (last 24 h, 7 days, 30 days, this season) ending today in the display zone; the quick
 * range the value is exactly is marked. A range is committed as it is picked, either end alone too.
 */
export function DateRangePicker({
  value,
  onChange,
  label,
  fromLabel,
  toLabel,
  quickRanges = QUICK_RANGES,
  seasonStartMonth = DEFAULT_SEASON_START_MONTH,
  disabled = false,
  invalid = false,
}: DateRangePickerProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useDisplayTimeZone();
  const today = dayInZone(new Date(), timeZone);
  const active = activeQuickRange(value, today, seasonStartMonth, quickRanges);
  const pickerValue = [...toDateValue(value.desde), ...(value.desde ? toDateValue(value.hasta) : [])];
  const groupLabel = t('dateRangePicker.label');
  const placeholder = t('dateRangePicker.placeholder');

  return (
    <DatePicker.Root
      size="sm"
      selectionMode="range"
      locale={localeOf(i18n.language)}
      startOfWeek={1}
      value={pickerValue}
      onValueChange={({ value: days }) => onChange({ desde: days[0]?.toString() ?? null, hasta: days[1]?.toString() ?? null })}
      disabled={disabled}
      invalid={invalid}
      // The calendar is built at its first opening: closed, it cost a phone's first draw of the
      // dashboard ~36 ms at 4x slowdown (issue 30, Lighthouse TBT).
      lazyMount
      // Zag's own labels are English; the day cells say just their date, in the language.
      translations={{
        dayCell: (state) => state.valueText,
        trigger: () => t('dateRangePicker.openCalendar'),
        prevTrigger: () => t('dateRangePicker.previousMonth'),
        nextTrigger: () => t('dateRangePicker.nextMonth'),
        content: groupLabel,
        clearTrigger: t('dateRangePicker.clear'),
      }}
    >
      <DatePicker.Label>{label ?? groupLabel}</DatePicker.Label>
      {/* The quick ranges beside the days while there is room, under them on a phone. */}
      <Flex gap="2" wrap="wrap" align="center">
        <DatePicker.Control flex="1 1 16rem" maxW="20rem" onKeyDownCapture={commitTypedDayOnEnter}>
          <DatePicker.Input index={0} aria-label={fromLabel ?? t('dateRangePicker.from')} placeholder={placeholder} />
          <DatePicker.Input index={1} aria-label={toLabel ?? t('dateRangePicker.to')} placeholder={placeholder} />
          <DatePicker.IndicatorGroup>
            {(value.desde || value.hasta) && !disabled ? (
              <DatePicker.ClearTrigger asChild>
                <IconButton size="2xs" variant="ghost" aria-label={t('dateRangePicker.clear')}>
                  <X aria-hidden />
                </IconButton>
              </DatePicker.ClearTrigger>
            ) : null}
            <DatePicker.Trigger aria-label={t('dateRangePicker.openCalendar')}>
              <CalendarDays aria-hidden />
            </DatePicker.Trigger>
          </DatePicker.IndicatorGroup>
        </DatePicker.Control>
        {quickRanges.length > 0 ? (
          <Wrap gap="1.5" role="group" aria-label={t('dateRangePicker.quickRanges')}>
            {quickRanges.map((id) => (
              <Button
                key={id}
                size="2xs"
                rounded="full"
                variant={active === id ? 'solid' : 'outline'}
                colorPalette={active === id ? 'brand' : 'gray'}
                aria-pressed={active === id}
                disabled={disabled}
                onClick={() => onChange(quickRange(id, today, seasonStartMonth))}
              >
                {t(`dateRangePicker.quick.${id}`)}
              </Button>
            ))}
          </Wrap>
        ) : null}
      </Flex>
      <Portal>
        <DatePicker.Positioner>
          <DatePicker.Content>
            <DatePicker.View view="day">
              {/* Chakra's header switches to month and year views through a button whose English label
                  hides its visible month (axe: label-content-name-mismatch); days are enough here. */}
              <DatePicker.ViewControl>
                <DatePicker.PrevTrigger />
                <Text as="div" flex="1" textAlign="center" fontWeight="semibold" fontSize="sm">
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
