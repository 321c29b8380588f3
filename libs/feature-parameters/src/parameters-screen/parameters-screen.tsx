import { Alert, Box, Flex } from '@chakra-ui/react';
import type { TableWriteRefusal } from '@camposense/data-access';
import { isWritableTable, tableDefinition } from '@camposense/domain';
import type { TableName, TableOperation, TableRow } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import { ErrorBox } from '@camposense/ui';
import { useState } from 'react';
import { ContactForm } from '../contact-form/contact-form';
import { MassiveTabs } from '../massive-tabs/massive-tabs';
import { MassiveView } from '../massive-view/massive-view';
import { MetricaSensorForm } from '../metrica-sensor/metrica-sensor-form';
import { ProfileAssignmentView } from '../profile-assignment/profile-assignment-view';
import { InsertView } from '../record-editor/insert-view';
import { UpdateView } from '../record-editor/update-view';
import { SensorReplicateView } from '../sensor-replicate/sensor-replicate-view';
import { StatusView } from '../status-view/status-view';
import { UmbralMassiveForm } from '../umbral-massive/umbral-massive-form';
import { UsuarioForm } from '../usuario-form/usuario-form';

export interface ParametersScreenProps {
  table: TableName;
  operation: TableOperation;
  /** Whether the signed-in user may open this operation (on status: open a picked row to change it). */
  canWrite: boolean;
  /**
   * Why the user may not write the rows themselves, by their grant (issue 32): shown as the refusal
   * of a write operation and above a table the user only reads. Without it, a refusal says the role
   * only reads. With `canWrite`, the operation opens for what else it edits (a manager in a user's
   * update screen: the grants), and the rows stay as they are.
   */
  writeRefusal?: TableWriteRefusal | null;
  /** Switches the sub-tab (status → update once a row is picked). */
  onOperationChange?: (operation: TableOperation) => void;
}

/**
 * One parameters table and operation: status shows the table view (for every role), insert and
 * update the generated form. A row picked on status opens in update. A reader asked for a write
 * operation is told plainly that the role only reads.
 */
export function ParametersScreen({ table, operation, canWrite, writeRefusal = null, onOperationChange }: ParametersScreenProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<{ table: TableName; row: TableRow } | null>(null);
  const selectedRow = selected?.table === table ? selected.row : null;
  const select = (row: TableRow | null) => setSelected(row ? { table, row } : null);
  const refusal = !writeRefusal
    ? t('access.readOnly')
    : writeRefusal.kind === 'adminOnly'
      ? t('access.adminOnly')
      : writeRefusal.kind === 'unknown'
        ? null
        : writeRefusal.level === 'operacion'
          ? t('access.needsOperate')
          : t('access.needsManage');
  if (operation !== 'status' && !canWrite) {
    // The grants are not read yet: no reason is known, so none is given (the console's access gate shows their loading).
    if (refusal === null) return null;
    return (
      <Flex flex="1" align="center" justify="center" p="8">
        <ErrorBox maxW="32rem" title={t('access.readOnlyTitle')} message={refusal} />
      </Flex>
    );
  }
  const updatable = canWrite && tableDefinition(table).operations.includes('update') && onOperationChange;
  const rowsWritable = canWrite && writeRefusal === null;
  // Opened only for a user's grants (a manager): the note says what is offered, not only what is not.
  const note = writeRefusal && refusal !== null ? (canWrite ? t('access.grantsOnly') : refusal) : null;
  switch (operation) {
    case 'status':
      return (
        <>
          {note !== null ? (
            <Alert.Root status="info" variant="subtle" size="sm" mx="4" mt="4" w="auto">
              <Alert.Indicator />
              <Alert.Title>{note}</Alert.Title>
            </Alert.Root>
          ) : null}
          <StatusView
            key={table}
            table={table}
            canWrite={rowsWritable && isWritableTable(tableDefinition(table))}
            onUpdateRow={
              updatable
                ? (row) => {
                    select(row);
                    onOperationChange('update');
                  }
                : undefined
            }
          />
        </>
      );
    case 'insert':
      // Tables with a form of their own (issue 13); every other table gets the generated one.
      if (table === 'usuarioperfil') return <ProfileAssignmentView />;
      if (table === 'contacto') return <ContactForm />;
      if (table === 'sensor') return <SensorReplicateView key="insert" />;
      if (table === 'metricasensor') return <MetricaSensorForm mode="insert" />;
      if (table === 'usuario')
        return (
          <Box p="4" maxW="56rem">
            <UsuarioForm mode="insert" />
          </Box>
        );
      return <InsertView key={table} table={table} />;
    case 'update':
      return <UpdateView key={table} table={table} selected={selectedRow} onSelect={select} rowWritable={writeRefusal === null} />;
    case 'massive':
      // The tables with a massive form of their own keep the CSV import beside it.
      if (table === 'sensor')
        return <MassiveTabs key={table} table={table} formLabel={t('parameterForms.sensor.massiveTab')} form={<SensorReplicateView key="massive" />} />;
      if (table === 'metricasensor')
        return <MassiveTabs key={table} table={table} formLabel={t('parameterForms.metricaSensor.massiveTab')} form={<MetricaSensorForm mode="massive" />} />;
      if (table === 'umbral')
        return <MassiveTabs key={table} table={table} formLabel={t('parameterForms.umbralMassive.massiveTab')} form={<UmbralMassiveForm />} />;
      return <MassiveView key={table} table={table} />;
  }
}
