import { ROLES, type AdminUserDto, type Role } from '@quitute/contracts';
import { useId, useState, type FormEvent } from 'react';
import buttons from '../../../components/button.module.css';
import { Dialog } from '../../../components/dialog';
import forms from '../../../components/form.module.css';
import type { UserBody } from '../api/admin-commands';
import styles from '../components/admin.module.css';
import { FormError } from '../components/page-parts';
import { roleLabel } from '../model/admin-labels';
import { adminTexts, userTexts } from '../model/admin-texts';

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
    phone: user?.phone ?? '',
    address: user?.address ?? '',
    role: user?.role ?? 'user',
  }));
  const id = useId();
  const set = <K extends keyof UserBody>(key: K, value: UserBody[K]) =>
    setState((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    onSave({
      name: state.name.trim(),
      email: state.email.trim(),
      phone: state.phone.trim(),
      address: state.address.trim(),
      role: state.role,
    });
  };

  return (
    <Dialog
      title={user ? userTexts.editTitle : userTexts.addTitle}
      onClose={onClose}
      busy={saving}
      closeButton={false}
      closeIcon
      closeOnOutsideClick
      size="wide"
    >
      <form onSubmit={submit}>
        <fieldset disabled={saving} className={styles.formGrid}>
          <div className={`${forms.field} ${styles.full}`}>
            <label className={forms.label} htmlFor={`${id}-name`}>
              Nome
            </label>
            <input
              id={`${id}-name`}
              className={forms.input}
              required
              autoComplete="off"
              value={state.name}
              onChange={(event) => set('name', event.target.value)}
            />
          </div>
          <div className={forms.field}>
            <label className={forms.label} htmlFor={`${id}-email`}>
              E-mail
            </label>
            <input
              id={`${id}-email`}
              className={forms.input}
              type="email"
              required
              autoComplete="off"
              value={state.email}
              onChange={(event) => set('email', event.target.value)}
            />
          </div>
          <div className={forms.field}>
            <label className={forms.label} htmlFor={`${id}-phone`}>
              Telefone
            </label>
            <input
              id={`${id}-phone`}
              className={forms.input}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              value={state.phone}
              onChange={(event) => set('phone', event.target.value)}
            />
          </div>
          <div className={`${forms.field} ${styles.full}`}>
            <label className={forms.label} htmlFor={`${id}-address`}>
              Endereço
            </label>
            <textarea
              id={`${id}-address`}
              className={forms.input}
              rows={2}
              value={state.address}
              onChange={(event) => set('address', event.target.value)}
            />
          </div>
          <div className={`${forms.field} ${styles.full}`}>
            <label className={forms.label} htmlFor={`${id}-role`}>
              Role
            </label>
            <select
              id={`${id}-role`}
              className={forms.input}
              value={state.role}
              disabled={ownAccount}
              aria-describedby={ownAccount ? `${id}-role-note` : undefined}
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
              <p id={`${id}-role-note`} className={styles.note}>
                {userTexts.ownRole}
              </p>
            ) : null}
          </div>
        </fieldset>
        {error ? <FormError>{error}</FormError> : null}
        <div className={styles.formActions}>
          <button type="button" className={buttons.ghost} disabled={saving} onClick={onClose}>
            {adminTexts.cancel}
          </button>
          <button type="submit" className={buttons.button} disabled={saving}>
            {saving ? adminTexts.saving : adminTexts.save}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
