import { accountMessages, type NotificationPreferences } from '@quitute/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { Link, useNavigate } from 'react-router';
import { httpStatus, type ApiError } from '../../../api/errors';
import buttons from '../../../components/button.module.css';
import { FormMessage } from '../../../components/form-field';
import forms from '../../../components/form.module.css';
import { PageLoading } from '../../../components/page-loading';
import { SESSION_EXPIRED_REDIRECT_MS } from '../../../config/ui';
import { useGetPreferencesQuery } from '../api/account-api';
import { useUpdatePreferencesMutation } from '../api/auth-api';
import { loggedOut } from '../auth-slice';
import { mapPreferencesError } from '../model/auth-errors';
import { authMessages } from '../model/auth-messages';
import styles from './auth.module.css';
import { AuthCard } from './auth-card';

/** A 401 here says 'Sessão expirada', then ends the session and goes to the login page after 2 s (spec §8). */
function useSessionExpiredRedirect(error: ApiError | undefined) {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const expired = httpStatus(error) === 401;
  useEffect(() => {
    if (!expired) return;
    const timer = setTimeout(() => {
      dispatch(loggedOut());
      navigate('/login', { replace: true });
    }, SESSION_EXPIRED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [expired, dispatch, navigate]);
}

function PreferencesForm({ initial }: { initial: NotificationPreferences }) {
  const [updatePreferences, { isLoading, error }] = useUpdatePreferencesMutation();
  const [notifications, setNotifications] = useState(initial);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  useSessionExpiredRedirect(error);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setResult(null);
    const response = await updatePreferences({ notifications });
    setResult(
      response.error
        ? {
            tone: 'error',
            text: mapPreferencesError(response.error, authMessages.preferencesSaveFailed),
          }
        : { tone: 'success', text: accountMessages.preferencesSaved },
    );
  };

  return (
    <form className={forms.form} noValidate onSubmit={(event) => void onSubmit(event)}>
      {result ? <FormMessage tone={result.tone}>{result.text}</FormMessage> : null}
      <fieldset className={styles.fieldset}>
        <legend className={forms.label}>Quero receber notificações por:</legend>
        <label className={forms.checkbox}>
          <input
            type="checkbox"
            name="email"
            checked={notifications.email}
            onChange={(event) => setNotifications((n) => ({ ...n, email: event.target.checked }))}
          />
          Notificações por email
        </label>
        <label className={forms.checkbox}>
          <input
            type="checkbox"
            name="sms"
            checked={notifications.sms}
            onChange={(event) => setNotifications((n) => ({ ...n, sms: event.target.checked }))}
          />
          Notificações por SMS
        </label>
      </fieldset>
      <button type="submit" className={`${buttons.button} ${buttons.block}`} disabled={isLoading}>
        {isLoading ? 'Salvando...' : 'Salvar'}
      </button>
    </form>
  );
}

/** /preferences (spec §2, §8): notification preferences. */
export function PreferencesPage() {
  const { data, error, isLoading } = useGetPreferencesQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  useSessionExpiredRedirect(error);

  return (
    <AuthCard
      title="Preferências"
      footer={
        <p>
          <Link to="/perfil">Voltar para o Perfil</Link>
        </p>
      }
    >
      {isLoading ? (
        <PageLoading />
      ) : data ? (
        <PreferencesForm initial={data.notifications} />
      ) : (
        <FormMessage tone="error">
          {mapPreferencesError(error, authMessages.preferencesLoadFailed)}
        </FormMessage>
      )}
    </AuthCard>
  );
}
