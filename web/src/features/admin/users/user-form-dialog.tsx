import { formatPhone, maskPhone, ROLES, type AdminUserDto, type Role } from '@quitute/contracts';
import { useState } from 'react';
import forms from '../../../components/form.module.css';
import { maskInput } from '../../../lib/masked-input';
import type { UserBody } from '../api/admin-commands';
import styles from '../components/admin.module.css';
import { Field, FormDialog, InputField, TextAreaField } from '../components/form-dialog';
import { roleLabel } from '../model/admin-labels';
import { userTexts } from '../model/admin-texts';

function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/**
 * 'Editar Usuário' / 'Adicionar Novo Usuário' (admin-spec §2, §5): name and
 * e-mail required; one's own role cannot be changed. Closes on Escape or a
 * click outside.
 */
export function UserFormDialog({
  user,
  ownAccount,
  saving,
  error,
  onSave,
  onClose,
}: {
  user: AdminUserDto | null;
  ownAccount: boolean;
  saving: boolean;
  error: string | null;
  onSave: (body: UserBody) => void;
  onClose: () => void;
}) {
  const [state, setState] = useState<UserBody>(() => ({
    name: user?.name ?? '',
    email: user?.email ?? '',
    phone: formatPhone(user?.phone ?? ''),
    address: user?.address ?? '',
    role: user?.role ?? 'user',
  }));
  const set = <K extends keyof UserBody>(key: K, value: UserBody[K]) =>
    setState((current) => ({ ...current, [key]: value }));

  const submit = () =>
    onSave({
      name: state.name.trim(),
      email: state.email.trim(),
      phone: state.phone.trim(),
      address: state.address.trim(),
      role: state.role,
    });

  return (
    <FormDialog
      title={user ? userTexts.editTitle : userTexts.addTitle}
      size="wide"
      saving={saving}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
      <InputField
        label="Nome"
        full
        required
        autoComplete="off"
        value={state.name}
        onChange={(event) => set('name', event.target.value)}
      />
      <InputField
        label="E-mail"
        type="email"
        required
        autoComplete="off"
        value={state.email}
        onChange={(event) => set('email', event.target.value)}
      />
      <InputField
        label="Telefone"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        placeholder="(11) 98765-4321"
        value={state.phone}
        onChange={(event) => {
          maskInput(event.currentTarget, maskPhone);
          set('phone', event.target.value);
        }}
      />
      <TextAreaField
        label="Endereço"
        full
        rows={2}
        value={state.address}
        onChange={(event) => set('address', event.target.value)}
      />
      <Field label="Role" full>
        {(id) => (
          <>
            <select
              id={id}
              className={forms.input}
              value={state.role}
              disabled={ownAccount}
              aria-describedby={ownAccount ? `${id}-note` : undefined}
              onChange={(event) => {
                if (isRole(event.target.value)) set('role', event.target.value);
              }}
            >
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {roleLabel(role)}
                </option>
              ))}
            </select>
            {ownAccount ? (
              <p id={`${id}-note`} className={styles.note}>
                {userTexts.ownRole}
              </p>
            ) : null}
          </>
        )}
      </Field>
    </FormDialog>
  );
}
