import { Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useContactFormData, useCreateRowMutation, useReferenceLabels } from '@camposense/data-access';
import type { ContactFormData } from '@camposense/data-access';
import type { TableRow } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import { RecordForm, useReportUnsavedChanges } from '@camposense/ui';
import type { RecordFormField, RecordFormValues } from '@camposense/ui';
import { useMemo, useState } from 'react';
import { FormListsView } from '../form-lists/form-lists-view';
import { FormHeading } from '../form-lists/parameters-form';
import { useFormSubmit } from '../form-lists/use-form-submit';
import { SaveFailureNotice } from '../record-editor/record-editor';
import { ReferenceSelect } from '../record-editor/reference-select';
import { contactBody, contactDirty, contactProblems, contactsOf, emptyContact, methodOf, PHONE_DIGITS } from './contact-form-model';
import type { ContactFormValues, ContactMethod, ContactProblem } from './contact-form-model';

const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

const asForm = (values: RecordFormValues): ContactFormValues => ({
  usuarioid: numberOrNull(values['usuarioid']),
  medioid: numberOrNull(values['medioid']),
  codigotelefonoid: numberOrNull(values['codigotelefonoid']),
  celular: String(values['celular'] ?? ''),
  correo: String(values['correo'] ?? ''),
});

/**
 * The contacto insert sub-tab (issue 13, item 5): first a user (the spec's "first select a user"),
 * then the medium, then a phone (country calling code and number) or an e-mail address, each
 * checked before sending; the user's contacts are listed below, and the same one is not added twice.
 */
export function ContactForm() {
  const state = useContactFormData();
  return (
    <FormListsView table="contacto" state={state} maxW="56rem">
      {(data) => <ContactFormFields data={data} />}
    </FormListsView>
  );
}

function ContactFormFields({ data }: { data: ContactFormData }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ContactFormValues>(emptyContact);
  const [resetKey, setResetKey] = useState(0);
  const create = useCreateRowMutation('contacto');
  const method = methodOf(values.medioid, data.medios);
  const chosenUser = useReferenceLabels(values.usuarioid === null ? null : 'usuario', [values.usuarioid ?? 0]);
  const userName = values.usuarioid === null ? '' : (chosenUser.labels.get(values.usuarioid) ?? '');

  useReportUnsavedChanges(contactDirty(values));

  const problemText = (problem: ContactProblem) =>
    problem === 'required'
      ? t('validation.required')
      : problem === 'invalidEmail'
        ? t('validation.invalidEmail')
        : problem === 'phoneLength'
          ? t('parameterForms.contact.phoneLength', PHONE_DIGITS)
          : t(`parameterForms.contact.${problem}`);
  const check = (name: keyof ContactFormValues) => (_value: unknown, all: RecordFormValues) => {
    const form = asForm(all);
    const problem = contactProblems(form, methodOf(form.medioid, data.medios), data.contactos)[name];
    return problem ? problemText(problem) : null;
  };

  const mediumOptions = useMemo(
    () =>
      data.medios.flatMap((medio) => {
        const method = methodOf(Number(medio['medioid']), data.medios);
        return method ? [{ value: Number(medio['medioid']), label: t(`parameterForms.contact.methods.${method}`) }] : [];
      }),
    [data.medios, t],
  );
  const codeOptions = useMemo(
    () => data.codigos.map((codigo) => ({ value: Number(codigo['codigotelefonoid']), label: `${String(codigo['codigotelefono'])} ${String(codigo['paistelefono'])}` })),
    [data.codigos],
  );

  const fields: RecordFormField[] = [
    {
      name: 'usuarioid',
      label: t('parameters.fields.usuarioid'),
      kind: 'select',
      required: true,
      clears: ['medioid', 'codigotelefonoid', 'celular', 'correo'],
      validate: check('usuarioid'),
      renderSelect: (control) => <ReferenceSelect {...control} table="usuario" />,
    },
    {
      name: 'medioid',
      label: t('parameterForms.contact.method'),
      kind: 'select',
      required: true,
      options: mediumOptions,
      disabled: values.usuarioid === null,
      placeholder: values.usuarioid === null ? t('parameterForms.contact.chooseUserFirst') : undefined,
      clears: ['codigotelefonoid', 'celular', 'correo'],
      validate: check('medioid'),
    },
    ...(method === 'sms'
      ? ([
          { name: 'codigotelefonoid', label: t('parameterForms.contact.phoneCode'), kind: 'select', required: true, options: codeOptions, validate: check('codigotelefonoid') },
          {
            name: 'celular',
            label: t('parameters.fields.celular'),
            kind: 'text',
            required: true,
            placeholder: '987654321',
            helperText: t('parameterForms.contact.phoneHint', PHONE_DIGITS),
            validate: check('celular'),
          },
        ] satisfies RecordFormField[])
      : []),
    ...(method === 'correo'
      ? ([{ name: 'correo', label: t('parameters.fields.correo'), kind: 'email', required: true, placeholder: 'nombre@empresa.com', validate: check('correo') }] satisfies RecordFormField[])
      : []),
  ];

  const { busy, failure, clearFailure, save } = useFormSubmit(create, {
    table: t('tables.contacto'),
    fieldLabel: (name) => fields.find((field) => field.name === name)?.label ?? name,
    shown: new Set(fields.map((field) => field.name)),
  });

  const submit = async (submitted: RecordFormValues) => {
    const form = asForm(submitted);
    const chosen = methodOf(form.medioid, data.medios);
    if (!chosen) return;
    await save(contactBody(form, chosen), {
      toast: () => ({ title: t('parameterForms.contact.createdTitle'), message: t('parameterForms.contact.created', { usuario: userName }) }),
      onSaved: () => {
        // The same user stays chosen: a second contact for them is the usual next step.
        setValues({ ...emptyContact, usuarioid: form.usuarioid });
        setResetKey((key) => key + 1);
      },
    });
  };

  return (
    <Stack gap="6">
      <Stack gap="1">
        <FormHeading title={t('parameterForms.contact.title')} intro={t('parameterForms.contact.intro')} />
      </Stack>
      <RecordForm
        label={t('parameterForms.contact.title')}
        fields={fields}
        defaultValues={{ ...emptyContact, usuarioid: values.usuarioid }}
        resetKey={resetKey}
        onSubmit={submit}
        onValuesChange={(next) => setValues(asForm(next))}
        fieldErrors={failure?.fieldErrors}
        submitLabel={t('parameters.form.create')}
        busy={busy}
        requiredNote={t('validation.requiredMark')}
        notice={<SaveFailureNotice failure={failure} onClear={clearFailure} />}
      />
      {values.usuarioid !== null ? <UserContacts name={userName} contacts={contactsOf(values.usuarioid, data.contactos)} data={data} /> : null}
    </Stack>
  );
}

function UserContacts({ name, contacts, data }: { name: string; contacts: readonly TableRow[]; data: ContactFormData }) {
  const { t } = useTranslation();
  const codeOf = (id: unknown) => data.codigos.find((codigo) => codigo['codigotelefonoid'] === id)?.['codigotelefono'];
  const describe = (contact: TableRow, method: ContactMethod | null) =>
    method === 'sms' ? `${String(codeOf(contact['codigotelefonoid']) ?? '')} ${String(contact['celular'] ?? '')}`.trim() : String(contact['correo'] ?? '');
  return (
    <Stack gap="2" as="section" aria-labelledby="user-contacts-title">
      <Heading as="h3" size="sm" id="user-contacts-title">
        {t('parameterForms.contact.existingTitle', { usuario: name })}
      </Heading>
      {contacts.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('parameterForms.contact.noContacts')}
        </Text>
      ) : (
        <Table.Root size="sm" aria-label={t('parameterForms.contact.existingTitle', { usuario: name })}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('parameterForms.contact.method')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('parameterForms.contact.reachedAt')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {contacts.map((contact) => {
              const method = methodOf(Number(contact['medioid']), data.medios);
              return (
                <Table.Row key={String(contact['contactoid'])}>
                  <Table.Cell>{method ? t(`parameterForms.contact.methods.${method}`) : String(contact['medioid'])}</Table.Cell>
                  <Table.Cell>{describe(contact, method)}</Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      )}
    </Stack>
  );
}
