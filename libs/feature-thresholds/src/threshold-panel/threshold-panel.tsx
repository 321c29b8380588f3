import { Box, Button, Checkbox, CloseButton, Group, HStack, Heading, Input, InputAddon, NativeSelect, Separator, Stack, Text } from '@chakra-ui/react';
import {
  isApiError,
  isNetworkFailure,
  useCreateThresholdMutation,
  useCriticidades,
  usePerfiles,
  useSetThresholdProfilesMutation,
  useThresholdHistory,
  useThresholdVersion,
  useUpdateThresholdMutation,
} from '@camposense/data-access';
import type { UmbralScopeThreshold } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import { ErrorBox, FormField, showToast, useReportUnsavedChanges, useWriteLock, WriteLockReason } from '@camposense/ui';
import { Undo2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { AuditList } from './audit-list';
import { bandOf, changedColumns, isDirty, profilesChanged, validateBand } from './band-form';
import type { BandForm } from './band-form';
import type { ThresholdPlace } from './threshold-place';
import { ThresholdPreview } from './threshold-preview';

export type ThresholdPanelMode = 'edit' | 'view' | 'create';

export interface ThresholdPanelProps {
  mode: ThresholdPanelMode;
  place: ThresholdPlace;
  /** The threshold edited or viewed; absent when creating. */
  umbral?: UmbralScopeThreshold | undefined;
  onClose: () => void;
  /** After a save: the threshold's id (a new one when created). */
  onSaved?: (umbralid: number) => void;
}

function formOf(umbral: UmbralScopeThreshold | undefined, defaultLabel: string): BandForm {
  if (!umbral) return { umbral: defaultLabel, minimo: '', maximo: '', criticidadid: null, statusid: 1, perfilids: [] };
  return {
    umbral: umbral.umbral,
    minimo: String(umbral.minimo),
    maximo: String(umbral.maximo),
    criticidadid: umbral.criticidadid,
    statusid: umbral.statusid,
    perfilids: umbral.perfiles.map((perfil) => perfil.perfilid),
  };
}

/**
 * The side panel of one threshold: its band, criticality, label, status and profiles told, with
 * the preview of the edited band and the audit trail. Read-only for a `user`.
 */
export function ThresholdPanel({ mode, place, umbral, onClose, onSaved }: ThresholdPanelProps) {
  const { t } = useTranslation();
  const readOnly = mode === 'view';
  const defaultLabel = t('thresholds.panel.defaultLabel', { metrica: place.metrica, nodo: place.nodo });
  const [original, setOriginal] = useState(() => formOf(umbral, defaultLabel));
  const [form, setForm] = useState(original);
  const criticidades = useCriticidades();
  const perfiles = usePerfiles();
  const history = useThresholdHistory(umbral?.umbralid ?? null);
  // The version the edit is based on: a save after someone else's is refused, not silently lost.
  const version = useThresholdVersion(mode === 'edit' && umbral ? umbral.umbralid : null);
  const createThreshold = useCreateThresholdMutation();
  const updateThreshold = useUpdateThresholdMutation();
  const setProfiles = useSetThresholdProfilesMutation();
  // A save is one or two of these writes; their state is the panel's.
  const saving = createThreshold.isMutating || updateThreshold.isMutating || setProfiles.isMutating;
  // Offline the band can be edited and previewed, not saved (issue 30).
  const writeLock = useWriteLock();
  const saveFailure: unknown = createThreshold.error ?? updateThreshold.error ?? setProfiles.error;
  let saveError: string | null = null;
  if (saveFailure && !saving) {
    if (isApiError(saveFailure) && saveFailure.status === 412) saveError = t('thresholds.panel.staleWrite');
    // The API's own message names the threshold's problem; a lost connection says so instead of "Failed to fetch".
    else saveError = isNetworkFailure(saveFailure) ? t('errors.networkFailure') : isApiError(saveFailure) ? saveFailure.message : t('thresholds.panel.saveError');
  }

  const errors = validateBand(form);
  const band = bandOf(form);
  const validBand = band.minimo !== null && band.maximo !== null && band.minimo <= band.maximo ? { minimo: band.minimo, maximo: band.maximo } : null;
  const dirty = !readOnly && isDirty(original, form);
  useReportUnsavedChanges(dirty);
  const showError = (field: keyof typeof errors) => {
    const error = errors[field];
    // A required field left empty is told on saving; an inverted band at once.
    if (!error || (error === 'required' && form === original)) return null;
    return error === 'invalidBand' ? t('thresholds.panel.invalidBand') : t('thresholds.panel.required');
  };

  const activeCriticidades = useMemo(() => (criticidades.data ?? []).filter((row) => row.statusid === 1), [criticidades.data]);
  const grado = activeCriticidades.find((row) => row.criticidadid === form.criticidadid)?.grado ?? umbral?.grado ?? 3;
  const set = <K extends keyof BandForm>(key: K, value: BandForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const unit = place.unidad ?? '';

  const save = async () => {
    if (Object.keys(errors).length > 0 || saving || writeLock.locked) return;
    // A new try starts without the last one's failure.
    createThreshold.reset();
    updateThreshold.reset();
    setProfiles.reset();
    try {
      let umbralid: number;
      if (mode === 'create') {
        const created = await createThreshold.trigger({
          row: {
            umbral: form.umbral.trim(),
            ubicacionid: place.ubicacionid,
            nodoid: place.nodoid,
            tipoid: place.tipoid,
            metricaid: place.metricaid,
            criticidadid: form.criticidadid!,
            minimo: band.minimo!,
            maximo: band.maximo!,
            statusid: form.statusid,
          },
          perfilids: form.perfilids,
        });
        umbralid = created.umbralid;
      } else {
        umbralid = umbral!.umbralid;
        const changes = changedColumns(original, form);
        if (Object.keys(changes).length > 0) await updateThreshold.trigger({ umbralId: umbralid, changes, etag: version.data?.etag });
        if (profilesChanged(original, form)) await setProfiles.trigger({ umbralId: umbralid, perfilids: form.perfilids });
      }
      setOriginal(form);
      showToast({
        type: 'success',
        title: mode === 'create' ? t('thresholds.panel.created') : t('thresholds.panel.saved'),
        message: t('thresholds.panel.savedMessage', { umbral: form.umbral.trim(), minimo: form.minimo.trim(), maximo: form.maximo.trim(), unidad: unit }),
      });
      onSaved?.(umbralid);
    } catch {
      // Said from the mutations' `error` (saveError).
    }
  };

  const title = mode === 'create' ? t('thresholds.panel.createTitle') : readOnly ? t('thresholds.panel.viewTitle') : t('thresholds.panel.editTitle');

  const limitInput = (key: 'minimo' | 'maximo') => (
    <FormField label={t(`thresholds.panel.${key}`)} error={showError(key)} required={!readOnly} flex="1">
      <Group attached w="full">
        <Input
          inputMode="decimal"
          value={form[key]}
          onChange={(event) => set(key, event.currentTarget.value)}
          readOnly={readOnly}
          disabled={readOnly}
          size="sm"
        />
        {unit ? <InputAddon size="sm">{unit}</InputAddon> : null}
      </Group>
    </FormField>
  );

  return (
    <Stack as="section" aria-label={title} gap="4" p="4" borderWidth="1px" borderColor="border" borderRadius="lg" bg="bg.panel" maxH="70vh" overflowY="auto">
      <HStack justify="space-between" align="start">
        <Stack gap="0">
          <Heading as="h3" size="md">
            {title}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t('thresholds.panel.place', { nodo: place.nodo, tipo: place.tipo, metrica: place.metrica })}
          </Text>
        </Stack>
        <CloseButton size="sm" aria-label={t('thresholds.panel.close')} onClick={onClose} />
      </HStack>

      <Stack asChild gap="3">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
        <FormField label={t('thresholds.panel.label')} error={showError('umbral')} required={!readOnly}>
          <Input value={form.umbral} onChange={(event) => set('umbral', event.currentTarget.value)} disabled={readOnly} size="sm" />
        </FormField>
        <HStack align="start" gap="3">
          {limitInput('minimo')}
          {limitInput('maximo')}
        </HStack>
        <HStack align="start" gap="3">
          <FormField label={t('thresholds.panel.criticidad')} error={showError('criticidadid')} required={!readOnly} flex="1">
            <NativeSelect.Root size="sm" disabled={readOnly}>
              <NativeSelect.Field
                value={form.criticidadid ?? ''}
                onChange={(event) => set('criticidadid', event.currentTarget.value === '' ? null : Number(event.currentTarget.value))}
              >
                <option value="" disabled>
                  —
                </option>
                {activeCriticidades.map((row) => (
                  <option key={row.criticidadid} value={row.criticidadid}>
                    {`${row.criticidad} (${t('thresholds.grado', { grado: row.grado })})`}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label={t('thresholds.panel.status')} flex="1">
            <NativeSelect.Root size="sm" disabled={readOnly}>
              <NativeSelect.Field value={form.statusid} onChange={(event) => set('statusid', Number(event.currentTarget.value))}>
                <option value={1}>{t('thresholds.active')}</option>
                <option value={0}>{t('thresholds.inactive')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        </HStack>
        <Box as="fieldset">
          <Text as="legend" fontSize="xs" fontWeight="semibold" letterSpacing="wider" color="fg.muted" mb="1">
            {t('thresholds.panel.perfiles')}
          </Text>
          <Stack gap="1">
            {(perfiles.data ?? []).map((perfil) => (
              <Checkbox.Root
                key={perfil.perfilid}
                size="sm"
                colorPalette="blue"
                disabled={readOnly}
                checked={form.perfilids.includes(perfil.perfilid)}
                onCheckedChange={(details) =>
                  set(
                    'perfilids',
                    details.checked === true
                      ? [...form.perfilids, perfil.perfilid]
                      : form.perfilids.filter((id) => id !== perfil.perfilid),
                  )
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{perfil.perfil}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </Box>
        {saveError ? <ErrorBox message={saveError} /> : null}
        {readOnly ? null : (
          <HStack justify="end" gap="2">
            <Button variant="outline" size="sm" disabled={!dirty || saving} onClick={() => setForm(original)}>
              <Undo2 size={14} aria-hidden />
              {t('thresholds.panel.undo')}
            </Button>
            <Button
              type="submit"
              colorPalette="blue"
              size="sm"
              disabled={(!dirty && mode !== 'create') || Object.keys(errors).length > 0 || writeLock.locked}
              {...writeLock.describe}
              loading={saving}
              loadingText={t('thresholds.panel.saving')}
            >
              {mode === 'create' ? t('thresholds.panel.createSubmit') : t('thresholds.panel.save')}
            </Button>
          </HStack>
        )}
        {readOnly ? null : <WriteLockReason lock={writeLock} />}
        </form>
      </Stack>

      <Separator />
      <ThresholdPreview
        place={place}
        current={umbral ? { umbralid: umbral.umbralid, minimo: umbral.minimo, maximo: umbral.maximo, grado: umbral.grado, criticidad: umbral.criticidad } : undefined}
        edited={validBand ? { ...validBand } : null}
        editedSeverity={grado}
      />

      {umbral ? (
        <>
          <Separator />
          <Stack gap="2">
            <Text fontWeight="semibold" fontSize="sm">
              {t('thresholds.history.title')}
            </Text>
            {history.error ? (
              <ErrorBox message={t('thresholds.history.error')} />
            ) : history.data && history.data.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                {t('thresholds.history.empty')}
              </Text>
            ) : history.data ? (
              <AuditList entries={history.data} criticidades={criticidades.data} label={t('thresholds.history.title')} />
            ) : null}
          </Stack>
        </>
      ) : null}
    </Stack>
  );
}
