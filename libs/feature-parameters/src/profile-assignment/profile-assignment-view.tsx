import { Box, Heading, IconButton, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useAssignProfilesMutation, useDeleteRowMutation, useProfileAssignments } from '@camposense/data-access';
import type { ProfileAssignmentData } from '@camposense/data-access';
import { useTranslation } from '@camposense/i18n';
import { showToast, useReportUnsavedChanges } from '@camposense/ui';
import { Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { FormFooter } from '../form-lists/form-footer';
import { FormListsView } from '../form-lists/form-lists-view';
import { FormHeading, ParametersForm } from '../form-lists/parameters-form';
import { useFormSubmit } from '../form-lists/use-form-submit';
import { ChoiceList } from '../choice-list/choice-list';
import { describeSaveError } from '../record-editor/save-error';
import { assignedPairs, availableProfiles, usersWithoutProfile } from './assignment-model';
import type { AssignedPair } from './assignment-model';

/**
 * The usuarioperfil insert sub-tab (issue 13, item 4): users without a profile and the available
 * profiles as two searchable lists; tick on both sides and ASIGNAR gives every ticked user every
 * ticked profile in one call. The pairs assigned show below, each with a remove button.
 */
export function ProfileAssignmentView() {
  const state = useProfileAssignments();
  return (
    <FormListsView table="usuarioperfil" state={state}>
      {(data) => <AssignmentForm data={data} />}
    </FormListsView>
  );
}

function AssignmentForm({ data }: { data: ProfileAssignmentData }) {
  const { t } = useTranslation();
  const assign = useAssignProfilesMutation();
  const users = useMemo(() => usersWithoutProfile(data.usuarios, data.pairs), [data]);
  const profiles = useMemo(() => availableProfiles(data.perfiles), [data]);
  const pairs = useMemo(() => assignedPairs(data.usuarios, data.perfiles, data.pairs), [data]);
  const [chosenUsers, setChosenUsers] = useState<number[]>([]);
  const [chosenProfiles, setChosenProfiles] = useState<number[]>([]);
  const [checked, setChecked] = useState(false);
  const { busy, failureMessage, clearFailure, save } = useFormSubmit(assign, {
    table: t('tables.usuarioperfil'),
    fieldLabel: (name) => t(name === 'usuarioid' ? 'parameters.fields.usuarioid' : 'parameters.fields.perfilid'),
  });

  useReportUnsavedChanges(chosenUsers.length > 0 || chosenProfiles.length > 0);

  const usersError = checked && chosenUsers.length === 0 ? t('parameterForms.assignment.chooseUser') : null;
  const profilesError = checked && chosenProfiles.length === 0 ? t('parameterForms.assignment.chooseProfile') : null;

  const submit = async () => {
    setChecked(true);
    clearFailure();
    if (chosenUsers.length === 0 || chosenProfiles.length === 0) return;
    await save({ usuarioids: chosenUsers, perfilids: chosenProfiles }, {
      toast: (result) => {
        const skipped = result.skipped.length > 0 ? ` ${t('parameterForms.assignment.skipped', { count: result.skipped.length })}` : '';
        return { title: t('parameterForms.assignment.assignedTitle'), message: `${t('parameterForms.assignment.assigned', { count: result.created.length })}${skipped}` };
      },
      onSaved: () => {
        setChosenUsers([]);
        setChosenProfiles([]);
        setChecked(false);
      },
    });
  };

  return (
    <Stack gap="6">
      <ParametersForm label={t('parameterForms.assignment.title')} onSubmit={submit}>
        <FormHeading title={t('parameterForms.assignment.title')} intro={t('parameterForms.assignment.intro')} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <ChoiceList
            label={t('parameterForms.assignment.users')}
            options={users} selected={chosenUsers} onChange={setChosenUsers}
            required error={usersError}
            emptyText={t('parameterForms.assignment.noUsers')}
            disabled={busy}
          />
          <ChoiceList
            label={t('parameterForms.assignment.profiles')}
            options={profiles} selected={chosenProfiles} onChange={setChosenProfiles}
            required error={profilesError}
            emptyText={t('parameterForms.assignment.noProfiles')}
            disabled={busy}
          />
        </SimpleGrid>
        <FormFooter failure={failureMessage} busy={busy} submitLabel={t('parameterForms.assignment.assign')} busyLabel={t('parameterForms.assignment.assigning')} />
      </ParametersForm>
      <AssignedPairs pairs={pairs} />
    </Stack>
  );
}

function AssignedPairs({ pairs }: { pairs: readonly AssignedPair[] }) {
  const { t } = useTranslation();
  const remove = useDeleteRowMutation('usuarioperfil');
  /** The pair last asked to be removed: its button spins while the removal is on its way. */
  const [target, setTarget] = useState<string | null>(null);
  const removing = remove.isMutating ? target : null;
  const removePair = async (pair: AssignedPair) => {
    setTarget(`${pair.usuarioid}:${pair.perfilid}`);
    try {
      await remove.trigger({ usuarioid: pair.usuarioid, perfilid: pair.perfilid });
      showToast({ type: 'success', title: t('parameterForms.assignment.removedTitle'), message: t('parameterForms.assignment.removed', { usuario: pair.usuario, perfil: pair.perfil }) });
    } catch (error) {
      const view = describeSaveError(error, { table: t('tables.usuarioperfil'), fieldLabel: (name) => name, shown: new Set(), t });
      showToast({ type: 'error', title: t('parameters.actions.failedTitle'), message: view.message ?? t('errors.unexpected') });
    }
  };
  return (
    <Stack gap="2" as="section" aria-labelledby="assigned-pairs-title">
      <Heading as="h3" size="sm" id="assigned-pairs-title">
        {t('parameterForms.assignment.pairsTitle')}
      </Heading>
      {pairs.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('parameterForms.assignment.noPairs')}
        </Text>
      ) : (
        <Table.Root size="sm" aria-label={t('parameterForms.assignment.pairsTitle')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('parameters.fields.usuarioid')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('parameters.fields.perfilid')}</Table.ColumnHeader>
              <Table.ColumnHeader width="1%">
                <Box as="span" srOnly>
                  {t('parameters.massive.rowActions')}
                </Box>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {pairs.map((pair) => {
              const key = `${pair.usuarioid}:${pair.perfilid}`;
              return (
                <Table.Row key={key}>
                  <Table.Cell>{pair.usuario}</Table.Cell>
                  <Table.Cell>{pair.perfil}</Table.Cell>
                  <Table.Cell>
                    <IconButton
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={t('parameterForms.assignment.remove', { usuario: pair.usuario, perfil: pair.perfil })}
                      loading={removing === key}
                      disabled={remove.isMutating}
                      onClick={() => void removePair(pair)}
                    >
                      <Trash2 aria-hidden />
                    </IconButton>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      )}
    </Stack>
  );
}
