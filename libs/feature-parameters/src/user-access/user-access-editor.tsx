import { Button, Heading, HStack, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { grantableLevels, useAccess, useEmpresas, usePaises, useSaveUserAccessMutation, useUserAccess } from '@camposense/data-access';
import type { UserAccessResponse } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import type { Translate } from '@camposense/i18n';
import { ErrorBox, QueryState, showToast, useReportUnsavedChanges, useWriteLock, WriteLockReason } from '@camposense/ui';
import { useMemo, useState } from 'react';
import { describeSaveError } from '../record-editor/save-error';
import { grantsToSave, levelChoicesFor, levelsChanged, levelsOf } from './user-access-model';
import type { AccessLevelChoice, CompanyChoice } from './user-access-model';

export interface UserAccessEditorProps {
  usuarioid: number;
  /** The user as the toast names them (their e-mail). */
  usuario: string;
}

interface EditorData {
  access: UserAccessResponse;
  companies: CompanyChoice[];
}

/**
 * The companies a user is granted and at which level (issue 32), under the user's update form:
 * every company with a level to choose, saved as a whole. A platform admin sees every company, so
 * their grants are not edited here. A manager (no admin) sees the companies granted to them (the API
 * lists no other) and changes the grants of those they manage, up to their own level; the others
 * are shown with the user's level, unchanged.
 */
export function UserAccessEditor({ usuarioid, usuario }: UserAccessEditorProps) {
  const { t } = useTranslation();
  const access = useUserAccess(usuarioid);
  const empresas = useEmpresas('all');
  const paises = usePaises();
  const data = useMemo<EditorData | undefined>(() => {
    if (!access.data || !empresas.data || !paises.data) return undefined;
    const countryOf = new Map(paises.data.map((pais) => [pais.paisid, pais.pais]));
    const companies = empresas.data
      .map((empresa) => ({ empresaid: empresa.empresaid, empresa: empresa.empresa, pais: countryOf.get(empresa.paisid) ?? '' }))
      .sort((left, right) => left.pais.localeCompare(right.pais) || left.empresa.localeCompare(right.empresa));
    return { access: access.data, companies };
  }, [access.data, empresas.data, paises.data]);
  const query = {
    data,
    error: access.error ?? empresas.error ?? paises.error,
    isValidating: access.isValidating || empresas.isValidating || paises.isValidating,
    mutate: () => {
      void access.mutate();
      void empresas.mutate();
      void paises.mutate();
    },
  };
  return (
    <Stack gap="3" as="section" aria-labelledby={`user-access-${usuarioid}`}>
      <Heading as="h3" size="sm" id={`user-access-${usuarioid}`}>
        {t('parameterForms.access.title')}
      </Heading>
      <QueryState
        query={query}
        loadingLabel={t('parameterForms.access.loading')}
        errorMessage={t('parameterForms.access.loadError')}
        empty={{ when: (loaded) => !loaded.access.todas && loaded.companies.length === 0, title: t('parameterForms.access.noCompanies') }}
        minH="8rem"
      >
        {(loaded) =>
          loaded.access.todas ? (
            <Text fontSize="sm" color="fg.muted">
              {t('parameterForms.access.admin')}
            </Text>
          ) : (
            <AccessForm key={JSON.stringify(loaded.access.accesos)} usuarioid={usuarioid} usuario={usuario} data={loaded} />
          )
        }
      </QueryState>
    </Stack>
  );
}

/** Why a save failed: a company deleted since the list was read, and a manager's grant that no longer allows it, have words of their own; the rest as every parameters form says it. */
function describeFailure(error: unknown, t: Translate): string {
  const details = (error as { body?: { error?: { details?: Array<{ rule?: string }> } } }).body?.error?.details ?? [];
  if (details.some((detail) => detail.rule === 'missing')) return t('parameterForms.access.companyGone');
  // A manager refused: its grant changed since the form was drawn (the role's words would be wrong).
  if ((error as { status?: number }).status === 403) return t('parameterForms.access.forbidden');
  return describeSaveError(error, { table: t('parameterForms.access.title'), fieldLabel: () => t('parameterForms.access.company'), shown: new Set(), t }).message ?? t('errors.unexpected');
}

function AccessForm({ usuarioid, usuario, data }: UserAccessEditorProps & { data: EditorData }) {
  const { t } = useTranslation();
  const own = useAccess();
  const manager = own !== null && !own.all;
  const choicesOf = useMemo(() => new Map(data.companies.map((company) => [company.empresaid, levelChoicesFor(grantableLevels(own, company.empresaid))])), [data.companies, own]);
  const changeable = (empresaid: number) => (choicesOf.get(empresaid)?.length ?? 0) > 0;
  const someFixed = data.companies.some((company) => !changeable(company.empresaid));
  const save = useSaveUserAccessMutation(usuarioid);
  const writeLock = useWriteLock();
  const saved = useMemo(() => levelsOf(data.access), [data.access]);
  const [levels, setLevels] = useState<Record<number, AccessLevelChoice>>(saved);
  const dirty = levelsChanged(saved, levels);
  useReportUnsavedChanges(dirty);

  const failure = save.error ? describeFailure(save.error, t) : null;

  const submit = async () => {
    save.reset();
    try {
      const stored = await save.trigger(grantsToSave(levels, changeable));
      // A manager is answered only its own companies: the count says so.
      const message = manager
        ? t('parameterForms.access.savedManaged', { usuario, count: stored.accesos.length })
        : t('parameterForms.access.saved', { usuario, count: stored.accesos.length });
      showToast({ type: 'success', title: t('parameterForms.access.savedTitle'), message });
    } catch {
      // Shown from `save.error`.
    }
  };

  return (
    <Stack
      as="form"
      gap="3"
      aria-label={t('parameterForms.access.title')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Text fontSize="sm" color="fg.muted">
        {t('parameterForms.access.intro')}
      </Text>
      {manager ? (
        <Text fontSize="sm" color="fg.muted">
          {someFixed ? t('parameterForms.access.managerPartial') : t('parameterForms.access.manager')}
        </Text>
      ) : null}
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" aria-label={t('parameterForms.access.title')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('parameterForms.access.company')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('parameterForms.access.country')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('parameterForms.access.level')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.companies.map((company) => {
              const choices = choicesOf.get(company.empresaid) ?? [];
              return (
                <Table.Row key={company.empresaid}>
                  <Table.Cell>{company.empresa}</Table.Cell>
                  <Table.Cell>{company.pais}</Table.Cell>
                  <Table.Cell minW="10rem">
                    {choices.length === 0 ? (
                      <Text fontSize="sm">
                        {t(`parameterForms.access.levels.${levels[company.empresaid] ?? 'none'}`)}
                        <Text as="span" display="block" fontSize="xs" color="fg.muted">
                          {t('parameterForms.access.notManaged')}
                        </Text>
                      </Text>
                    ) : (
                      <NativeSelect.Root size="xs" disabled={save.isMutating}>
                        <NativeSelect.Field
                          aria-label={t('parameterForms.access.levelOf', { empresa: company.empresa })}
                          value={levels[company.empresaid] ?? 'none'}
                          onChange={(event) => {
                            const nivel = event.currentTarget.value as AccessLevelChoice;
                            setLevels((current) => ({ ...current, [company.empresaid]: nivel }));
                          }}
                        >
                          {choices.map((choice) => (
                            <option key={choice} value={choice}>
                              {t(`parameterForms.access.levels.${choice}`)}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    )}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {failure ? <ErrorBox title={t('parameters.form.failedTitle')} message={failure} /> : null}
      <HStack wrap="wrap">
        <Button
          type="submit"
          colorPalette="orange"
          loading={save.isMutating}
          loadingText={t('parameterForms.access.saving')}
          disabled={!dirty || writeLock.locked}
          {...writeLock.describe}
        >
          {t('parameterForms.access.save')}
        </Button>
        <WriteLockReason lock={writeLock} />
      </HStack>
    </Stack>
  );
}
