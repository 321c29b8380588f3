import { useMensajeFilterOptions } from '@camposense/data-access';
import { MENSAJE_STATES } from '@camposense/domain';
import type { MensajeState } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import type { Translate } from '@camposense/i18n';
import { DateRangePicker } from '@camposense/ui';
import { FilterSelect, FiltersPanel } from '../shared/filter-select';
import { NO_DAYS } from '../shared/day-range';
import type { DayRangeFilter } from '../shared/day-range';
import { contactName } from './message-cells';

/** What the messages panel narrows by (the global selection aside). */
export interface MessagePanelChoices {
  contactoId: number | null;
  estado: MensajeState | null;
  medioId: number | null;
  days: DayRangeFilter;
}

export const NO_MESSAGE_CHOICES: MessagePanelChoices = { contactoId: null, estado: null, medioId: null, days: NO_DAYS };

export const isNarrowed = ({ contactoId, estado, medioId, days }: MessagePanelChoices) =>
  [contactoId, estado, medioId, days.desde, days.hasta].some((choice) => choice !== null);

/** The channel's name in the language (`correo` → Correo / E-mail); an unknown one as stored. */
function channelLabel(nombre: string, t: Translate): string {
  return nombre === 'correo' || nombre === 'sms' ? t(`reports.messages.channels.${nombre}`) : nombre;
}

export interface MessageFiltersPanelProps {
  value: MessagePanelChoices;
  onChange: (value: MessagePanelChoices) => void;
}

/** Contact, state, channel and dates of the messages report, each "all" by default. */
export function MessageFiltersPanel({ value, onChange }: MessageFiltersPanelProps) {
  const { t } = useTranslation();
  const options = useMensajeFilterOptions();
  const loading = options.isLoading;
  const set = (change: Partial<MessagePanelChoices>) => onChange({ ...value, ...change });
  const medios = options.data?.medios ?? [];
  const channelOf = (medioid: number) => {
    const medio = medios.find((row) => row.medioid === medioid);
    return medio ? channelLabel(medio.nombre, t) : null;
  };
  // A person has a contact per channel: the channel tells their two apart.
  const contactos = (options.data?.contactos ?? []).map((contacto) => ({
    value: contacto.contactoid,
    label: [contactName({ contactoid: contacto.contactoid, contacto }, t), channelOf(contacto.medioid)].filter(Boolean).join(' · '),
  }));

  return (
    <FiltersPanel
      title={t('reports.messages.filters.title')}
      narrowed={isNarrowed(value)}
      clearLabel={t('reports.messages.filters.clear')}
      onClear={() => onChange(NO_MESSAGE_CHOICES)}
      optionsError={options.error}
    >
      <FilterSelect
        label={t('reports.messages.filters.contacto')}
        allLabel={t('reports.messages.filters.allContactos')}
        value={value.contactoId}
        options={contactos}
        onChange={(contactoId) => set({ contactoId })}
        disabled={loading}
      />
      <FilterSelect
        label={t('reports.messages.filters.estado')}
        allLabel={t('reports.messages.filters.allEstados')}
        value={value.estado}
        options={MENSAJE_STATES.map((state) => ({ value: state, label: t(`reports.messages.filters.estados.${state}`) }))}
        onChange={(estado) => set({ estado })}
        maxW="12rem"
      />
      <FilterSelect
        label={t('reports.messages.filters.medio')}
        allLabel={t('reports.messages.filters.allMedios')}
        value={value.medioId}
        options={medios.map((medio) => ({ value: medio.medioid, label: channelLabel(medio.nombre, t) }))}
        onChange={(medioId) => set({ medioId })}
        disabled={loading}
        maxW="12rem"
      />
      <DateRangePicker value={value.days} onChange={(days) => set({ days })} />
    </FiltersPanel>
  );
}
