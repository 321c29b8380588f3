import { useCreateRowMutation, useUpdateRowMutation } from '@camposense/data-access';
import type { TableRow } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import { RecordForm, showToast, useReportUnsavedChanges } from '@camposense/ui';
import type { RecordFormField, RecordFormValues } from '@camposense/ui';
import { useMemo, useState } from 'react';
import { SaveFailureNotice } from '../record-editor/record-editor';
import { describeSaveError } from '../record-editor/save-error';
import type { SaveErrorView } from '../record-editor/save-error';
import { IDIOMA_OPTIONS, ROLE_OPTIONS, USUARIOABREV_MAX, usuarioBody, usuarioDirty, usuarioInitialValues, usuarioProblems } from './usuario-form-model';
import type { UsuarioFormMode, UsuarioFormValues, UsuarioProblem } from './usuario-form-model';

export interface UsuarioFormProps {
  mode: UsuarioFormMode;
  /** update: the user being edited, as read with its version. */
  row?: TableRow;
  /** update: the row's ETag, sent back as If-Match. */
  etag?: string | null;
  /** update: reads the row again (after someone else changed it). */
  onReload?: () => void;
}

const asForm = (values: RecordFormValues): UsuarioFormValues => ({
  login: String(values['login'] ?? ''),
  firstname: String(values['firstname'] ?? ''),
  lastname: String(values['lastname'] ?? ''),
  usuarioabrev: String(values['usuarioabrev'] ?? ''),
  rol: typeof values['rol'] === 'number' ? values['rol'] : null,
  idioma: typeof values['idioma'] === 'number' ? values['idioma'] : null,
  statusid: typeof values['statusid'] === 'number' ? values['statusid'] : null,
  password: String(values['password'] ?? ''),
  passwordConfirm: String(values['passwordConfirm'] ?? ''),
});

/**
 * The usuario insert and update form (issue 13, item 7): the e-mail is the login (stored
 * lower-case), names, role (admin / user), status, and a password with its confirmation, checked
 * for the spec's weak-password and mismatch messages before sending. On update the password may
 * stay blank: it is sent only when changed. The server's refusals (a login in use, a guessable
 * password, the last admin, one's own account) land on their fields.
 */
export function UsuarioForm({ mode, row, etag, onReload }: UsuarioFormProps) {
  const { t } = useTranslation();
  const initial = useMemo(() => usuarioInitialValues(row), [row]);
  const [values, setValues] = useState<UsuarioFormValues>(initial);
  const [resetKey, setResetKey] = useState(0);
  const create = useCreateRowMutation('usuario');
  const update = useUpdateRowMutation('usuario');
  /** The form's one write: its state is the form's busy state and failure. */
  const write = mode === 'insert' ? create : update;
  const tableLabel = t('tables.usuario');

  useReportUnsavedChanges(usuarioDirty(values, initial));

  const problemText = (problem: UsuarioProblem) => {
    switch (problem) {
      case 'required':
        return t('validation.required');
      case 'invalidEmail':
        return t('validation.invalidEmail');
      case 'weakPassword':
        return t('validation.weakPassword');
      case 'passwordMismatch':
        return t('validation.passwordMismatch');
      case 'maxLength':
        return t('validation.maxLength', { count: USUARIOABREV_MAX });
    }
  };
  const check = (name: keyof UsuarioFormValues) => (_value: unknown, all: RecordFormValues) => {
    const problem = usuarioProblems(asForm(all), mode)[name];
    return problem ? problemText(problem) : null;
  };
  const fieldLabel = (name: string) =>
    name === 'password' || name === 'login' || name === 'firstname' || name === 'lastname' || name === 'usuarioabrev' || name === 'rol' || name === 'idioma' || name === 'statusid'
      ? t(`parameters.fields.${name}`)
      : name;

  const fields: RecordFormField[] = [
    { name: 'login', label: t('parameters.fields.login'), kind: 'email', required: true, helperText: t('parameterForms.usuario.loginHint'), validate: check('login') },
    { name: 'firstname', label: t('parameters.fields.firstname'), kind: 'text' },
    { name: 'lastname', label: t('parameters.fields.lastname'), kind: 'text' },
    {
      name: 'usuarioabrev',
      label: t('parameters.fields.usuarioabrev'),
      kind: 'text',
      helperText: t('parameters.form.maxLengthHint', { count: USUARIOABREV_MAX }),
      validate: check('usuarioabrev'),
    },
    {
      name: 'rol',
      label: t('parameters.fields.rol'),
      kind: 'select',
      required: true,
      clearable: false,
      options: ROLE_OPTIONS.map((option) => ({ value: option.value, label: t(`parameterForms.usuario.roles.${option.rol}`) })),
    },
    {
      name: 'idioma',
      label: t('parameterForms.usuario.idioma'),
      kind: 'select',
      clearable: false,
      helperText: t('parameterForms.usuario.idiomaHint'),
      options: IDIOMA_OPTIONS.map((option) => ({ value: option.value, label: t(`language.${option.idioma}`) })),
    },
    {
      name: 'statusid',
      label: t('parameters.fields.statusid'),
      kind: 'select',
      clearable: false,
      options: [
        { value: 1, label: t('parameters.form.active') },
        { value: 0, label: t('parameters.form.inactive') },
      ],
    },
    {
      name: 'password',
      label: t('parameters.fields.password'),
      kind: 'password',
      required: mode === 'insert',
      helperText: mode === 'insert' ? t('parameterForms.usuario.passwordHint') : t('parameters.form.passwordHint'),
      validate: check('password'),
    },
    { name: 'passwordConfirm', label: t('parameterForms.usuario.passwordConfirm'), kind: 'password', required: mode === 'insert', validate: check('passwordConfirm') },
  ];

  const describeFailure = (error: unknown): SaveErrorView => {
    const view = describeSaveError(error, { table: tableLabel, fieldLabel, shown: new Set(fields.map((field) => field.name)), t });
    // A login in use is the spec's "e-mail already exists", on the e-mail.
    const details = (error as { body?: { error?: { details?: { field?: string }[] } } }).body?.error?.details ?? [];
    if ((error as { code?: string }).code === 'DUPLICATE' && details.some((detail) => detail.field === 'login')) {
      view.fieldErrors['login'] = t('validation.duplicateEmail');
      view.message = null;
    }
    return view;
  };
  const failure = write.error ? describeFailure(write.error) : null;

  const submit = async (submitted: RecordFormValues) => {
    // A new try starts without the last one's failure; a refused write is the mutation's `error`.
    write.reset();
    const body = usuarioBody(asForm(submitted), mode, mode === 'update' ? initial : undefined);
    try {
      if (mode === 'insert') {
        await create.trigger(body);
        showToast({ type: 'success', title: t('parameterForms.usuario.createdTitle'), message: t('parameterForms.usuario.created', { login: String(body['login']) }) });
        setValues(initial);
        setResetKey((key) => key + 1);
      } else if (row) {
        if (Object.keys(body).length > 0) await update.trigger({ key: { usuarioid: row['usuarioid'] }, values: body, ifMatch: etag });
        showToast({ type: 'success', title: t('parameters.form.updatedTitle'), message: t('parameters.form.updatedMessage', { table: tableLabel }) });
      }
    } catch {
      // Shown from `write.error`.
    }
  };

  const notice = <SaveFailureNotice failure={failure} onReload={onReload} onClear={() => write.reset()} />;

  return (
    <RecordForm
      label={t(mode === 'insert' ? 'parameterForms.usuario.insertLabel' : 'parameterForms.usuario.updateLabel')}
      fields={fields}
      defaultValues={{ ...initial }}
      resetKey={`${resetKey}:${etag ?? ''}`}
      onSubmit={submit}
      onValuesChange={(next) => setValues(asForm(next))}
      fieldErrors={failure?.fieldErrors}
      submitLabel={t(mode === 'insert' ? 'parameters.form.create' : 'parameters.form.save')}
      busy={write.isMutating}
      requiredNote={t('validation.requiredMark')}
      notice={notice}
    />
  );
}
