import { Alert, Button, Code, Field, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useCreateIngestKeyMutation, useIngestKeys, useRevokeIngestKeyMutation } from '@camposense/data-access';
import type { CreatedIngestKey, IngestKey } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import { ConfirmDialog, DateCell, QueryState, showToast, StatusBadge, useWriteLock, WriteLockReason } from '@camposense/ui';
import { Copy, KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';

/** The name column's limit in the API (POST /api/ingest/keys). */
const NAME_MAX_LENGTH = 100;

/**
 * The ingest keys gateways send readings with (issue 15, "admin-managed ingest keys"): the list
 * with each key's prefix, creation and last use; a new key shown once, to copy; revoking with a
 * confirmation. Admins only: the API refuses the calls to anyone else.
 */
export function IngestKeysSetting() {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useIngestKeys();
  const [name, setName] = useState('');
  const [nameMissing, setNameMissing] = useState(false);
  const createKey = useCreateIngestKeyMutation();
  const revokeKey = useRevokeIngestKeyMutation();
  const creating = createKey.isMutating;
  // A try under way hides the last one's failure.
  const createFailed = createKey.error !== undefined && !creating;
  const [created, setCreated] = useState<CreatedIngestKey | null>(null);
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<IngestKey | null>(null);
  // Offline no key can be created or revoked: the buttons say why (issue 30).
  const writeLock = useWriteLock();

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (writeLock.locked) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setNameMissing(true);
      return;
    }
    try {
      // Resolves once the list shows the new key.
      const key = await createKey.trigger(trimmed);
      setCreated(key);
      setCopied(false);
      setName('');
    } catch {
      // Said from the mutation's `error`.
    }
  };

  const copy = async (key: string) => {
    try {
      await navigator.clipboard.writeText(key);
      setCopied(true);
    } catch {
      // No clipboard here (an insecure origin): the key stays on screen to select by hand.
    }
  };

  const revoke = async (key: IngestKey) => {
    try {
      await revokeKey.trigger(key.claveingestaid);
      showToast({ type: 'success', title: t('settings.ingestKeys.revokedTitle'), message: t('settings.ingestKeys.revokedMessage', { name: key.nombre }) });
    } catch {
      showToast({ type: 'error', title: t('settings.ingestKeys.revokeError') });
    } finally {
      setRevoking(null);
    }
  };

  return (
    <Stack gap="4">
      <Text color="fg.muted" fontSize="sm">
        {t('settings.ingestKeys.description')}
      </Text>

      <form onSubmit={(event) => void create(event)} aria-label={t('settings.ingestKeys.create')} noValidate>
        <HStack align="end" gap="3" flexWrap="wrap">
          <Field.Root required invalid={nameMissing} flex="1" minW="14rem">
            <Field.Label>
              {t('settings.ingestKeys.nameLabel')} <Field.RequiredIndicator />
            </Field.Label>
            <Input
              value={name}
              maxLength={NAME_MAX_LENGTH}
              placeholder={t('settings.ingestKeys.namePlaceholder')}
              onChange={(event) => {
                setName(event.target.value);
                setNameMissing(false);
              }}
              disabled={creating}
            />
            <Field.ErrorText>{t('validation.required')}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="brand" loading={creating} loadingText={t('settings.ingestKeys.creating')} disabled={writeLock.locked} {...writeLock.describe}>
            <KeyRound size={16} aria-hidden />
            {t('settings.ingestKeys.create')}
          </Button>
        </HStack>
        <WriteLockReason lock={writeLock} />
        {createFailed && (
          <Text role="alert" color="fg.error" fontSize="sm" mt="2">
            {t('settings.ingestKeys.createError')}
          </Text>
        )}
      </form>

      {created && (
        <Alert.Root status="success" variant="subtle" alignItems="start">
          <Alert.Indicator />
          <Stack gap="2" flex="1" minW="0">
            <Alert.Title>{t('settings.ingestKeys.createdTitle')}</Alert.Title>
            <Alert.Description>{t('settings.ingestKeys.createdWarning', { name: created.nombre })}</Alert.Description>
            <Code size="md" px="2" py="1" overflowWrap="anywhere" aria-label={t('settings.ingestKeys.createdTitle')}>
              {created.clave}
            </Code>
            <HStack gap="2">
              <Button size="sm" variant="outline" onClick={() => void copy(created.clave)}>
                <Copy size={14} aria-hidden />
                {copied ? t('settings.ingestKeys.copied') : t('settings.ingestKeys.copy')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setCreated(null)}>
                {t('settings.ingestKeys.done')}
              </Button>
            </HStack>
          </Stack>
        </Alert.Root>
      )}

      <QueryState
        query={{ data, error, isValidating: isLoading, mutate }}
        loadingLabel={t('settings.ingestKeys.loading')}
        errorMessage={t('settings.ingestKeys.loadError')}
        empty={{ when: (keys) => keys.length === 0, title: t('settings.ingestKeys.empty') }}
        minH="6rem"
      >
        {(keys) => (
            <Table.ScrollArea borderWidth="1px" rounded="md">
              <Table.Root size="sm" aria-label={t('settings.ingestKeys.tableLabel')}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('settings.ingestKeys.columnName')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('settings.ingestKeys.columnCreated')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('settings.ingestKeys.columnLastUsed')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('settings.ingestKeys.columnStatus')}</Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Text srOnly>{t('settings.ingestKeys.revoke')}</Text>
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {keys.map((key) => (
                    <Table.Row key={key.claveingestaid}>
                      <Table.Cell>
                        <Stack gap="0.5" align="start">
                          <Text>{key.nombre}</Text>
                          <Code size="sm" aria-label={`${t('settings.ingestKeys.columnPrefix')} ${key.prefijo}`}>
                            {key.prefijo}…
                          </Code>
                        </Stack>
                      </Table.Cell>
                      <Table.Cell>
                        <DateCell value={key.datecreated} />
                      </Table.Cell>
                      <Table.Cell>{key.ultimouso ? <DateCell value={key.ultimouso} /> : t('settings.ingestKeys.never')}</Table.Cell>
                      <Table.Cell>
                        <StatusBadge statusid={key.statusid} />
                      </Table.Cell>
                      <Table.Cell textAlign="end">
                        {key.statusid === 1 && (
                          <Button
                            size="xs"
                            variant="outline"
                            colorPalette="red"
                            aria-label={t('settings.ingestKeys.revokeLabel', { name: key.nombre })}
                            disabled={writeLock.locked}
                            {...writeLock.describe}
                            onClick={() => setRevoking(key)}
                          >
                            {t('settings.ingestKeys.revoke')}
                          </Button>
                        )}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
        )}
      </QueryState>

      <ConfirmDialog
        open={revoking !== null}
        title={t('settings.ingestKeys.revokeTitle', { name: revoking?.nombre ?? '' })}
        description={t('settings.ingestKeys.revokeDescription')}
        confirmLabel={t('settings.ingestKeys.revoke')}
        tone="red"
        busy={revokeKey.isMutating}
        onConfirm={() => revoking && void revoke(revoking)}
        onCancel={() => setRevoking(null)}
      />
    </Stack>
  );
}
