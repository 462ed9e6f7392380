import { accountMessages, formatPhone, maskPhone } from '@quitute/contracts';
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useNavigate } from 'react-router';
import { errorMessage, serverFieldErrors } from '../../../api/errors';
import buttons from '../../../components/button.module.css';
import { FormField, FormMessage } from '../../../components/form-field';
import forms from '../../../components/form.module.css';
import { MaskedField } from '../../../components/masked-field';
import { useUpdateProfileMutation } from '../api/auth-api';
import { loggedOut, selectCurrentUser } from '../auth-slice';
import { useFieldErrors } from '../hooks/use-field-errors';
import { authMessages } from '../model/auth-messages';
import type { AuthUser } from '../model/auth-types';
import { formFieldErrors } from '../model/field-errors';
import { useAuthValidation } from '../hooks/use-auth-validation';
import styles from './profile-page.module.css';

function ProfileForm({ user }: { user: AuthUser }) {
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const [name, setName] = useState(user.name);
  const [phone, setPhone] = useState(formatPhone(user.phone));
  const [address, setAddress] = useState(user.address);
  const { setErrors, bind } = useFieldErrors();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const { load: loadRules, prefetch: prefetchRules } = useAuthValidation();
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setResult(null);
    const { validateProfile } = await loadRules();
    const validation = validateProfile({ name, phone, address });
    if (!validation.ok) {
      setErrors(validation.errors);
      return;
    }
    setErrors({});
    const response = await updateProfile(validation.data);
    if (response.error) {
      setErrors(formFieldErrors(serverFieldErrors(response.error)));
      setResult({
        tone: 'error',
        text: errorMessage(response.error, authMessages.profileUpdateFailed),
      });
      return;
    }
    setName(response.data.name ?? validation.data.name ?? name);
    setPhone(formatPhone(response.data.phone ?? validation.data.phone ?? phone));
    setAddress(response.data.address ?? validation.data.address ?? address);
    setResult({ tone: 'success', text: accountMessages.profileUpdated });
  };

  return (
    <form
      className={forms.form}
      noValidate
      onFocus={prefetchRules}
      onSubmit={(event) => void onSubmit(event)}
    >
      {result ? <FormMessage tone={result.tone}>{result.text}</FormMessage> : null}
      <FormField label="Nome" autoComplete="name" {...bind('name', name, setName)} />
      <FormField label="Email" type="email" name="email" value={user.email} readOnly />
      <MaskedField
        label="Telefone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="(11) 98765-4321"
        mask={maskPhone}
        {...bind('phone', phone, setPhone)}
      />
      <FormField
        label="Endereço"
        autoComplete="street-address"
        {...bind('address', address, setAddress)}
      />
      <button type="submit" className={buttons.button} disabled={isLoading}>
        {isLoading ? 'Salvando...' : 'Salvar'}
      </button>
    </form>
  );
}

/**
 * Issue 41: the notice of an e-mail not confirmed yet loads after the page
 * (most profiles never show it).
 */
const EmailConfirmationNotice = lazy(() =>
  import('./email-confirmation-notice').then((m) => ({ default: m.EmailConfirmationNotice })),
);

/**
 * /perfil (spec §2, §5, §8). The table of the most recent orders belongs to
 * the orders feature: the route hands it in.
 */
export function ProfilePage({ recentOrders }: { recentOrders?: ReactNode }) {
  const user = useSelector(selectCurrentUser);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  if (!user) return null;

  const logout = () => {
    dispatch(loggedOut());
    navigate('/login', { replace: true });
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Meu Perfil</h1>
      <div className={styles.grid}>
        <section className={styles.section} aria-labelledby="dados-pessoais">
          <h2 id="dados-pessoais" className={styles.heading}>
            Dados Pessoais
          </h2>
          <Suspense fallback={null}>
            <EmailConfirmationNotice />
          </Suspense>
          <ProfileForm key={user.id} user={user} />
        </section>
        <div className={styles.side}>
          {recentOrders}
          <nav className={styles.section} aria-label="Minha conta">
            <ul className={styles.links}>
              <li>
                <Link to="/orders">Ver todos os pedidos</Link>
              </li>
              <li>
                <Link to="/reset-password">Alterar senha</Link>
              </li>
              <li>
                <Link to="/preferences">Preferências de notificação</Link>
              </li>
              <li>
                <button type="button" className={styles.logout} onClick={logout}>
                  Sair
                </button>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </div>
  );
}
