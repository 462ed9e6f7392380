import { useEffect, useState, type FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import buttons from '../../../components/button.module.css';
import { Dialog } from '../../../components/dialog';
import { FormField, FormMessage } from '../../../components/form-field';
import forms from '../../../components/form.module.css';
import { RESET_ERROR_MS } from '../../../config/ui';
import { useRequestPasswordResetMutation } from '../api/auth-api';
import { selectCurrentUser } from '../auth-slice';
import { mapResetRequestError } from '../model/auth-errors';
import { useAuthValidation } from '../hooks/use-auth-validation';
import { AuthCard } from './auth-card';
import styles from './auth.module.css';

/** /reset-password (spec §2, §5, §8): asks for a reset link; shown outside the main layout. */
export function ResetRequestPage() {
  const user = useSelector(selectCurrentUser);
  const navigate = useNavigate();
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ message: string; id: number } | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  useEffect(() => {
    if (!failure) return;
    const timer = setTimeout(() => setFailure(null), RESET_ERROR_MS);
    return () => clearTimeout(timer);
  }, [failure]);

  const { load: loadRules, prefetch: prefetchRules } = useAuthValidation();
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const { validateResetRequest } = await loadRules();
    const validation = validateResetRequest(email);
    if (!validation.ok) {
      setFieldError(validation.errors['email'] ?? null);
      return;
    }
    setFieldError(null);
    setFailure(null);
    const result = await requestReset(validation.data);
    if (result.error) {
      setFailure({ message: mapResetRequestError(result.error), id: Date.now() });
      return;
    }
    setSent(result.data.message ?? 'Link de redefinição enviado.');
  };

  return (
    <AuthCard
      title="Redefinir Senha"
      intro="Digite o email da sua conta e enviaremos um link para você criar uma nova senha."
    >
      <form
        className={forms.form}
        noValidate
        onFocus={prefetchRules}
        onSubmit={(event) => void onSubmit(event)}
      >
        {failure ? (
          <FormMessage key={failure.id} tone="error">
            {failure.message}
          </FormMessage>
        ) : null}
        <FormField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          error={fieldError}
          onChange={(event) => {
            setEmail(event.target.value);
            setFieldError(null);
          }}
        />
        <div className={forms.actions}>
          <button
            type="submit"
            className={`${buttons.button} ${buttons.block}`}
            disabled={isLoading}
          >
            {isLoading ? 'Enviando...' : 'Enviar Link'}
          </button>
          <button
            type="button"
            className={`${buttons.ghost} ${buttons.block}`}
            onClick={() => navigate(user ? '/perfil' : '/login')}
          >
            Voltar
          </button>
        </div>
      </form>
      {sent ? (
        <Dialog
          title="Verifique seu Email"
          tone="success"
          closeLabel="Entendi"
          onClose={() => setSent(null)}
        >
          <p>{sent}</p>
          <p>Próximos passos:</p>
          <ol className={styles.steps}>
            <li>Verifique sua caixa de entrada e também a pasta de spam.</li>
            <li>Clique no link de redefinição de senha do email.</li>
            <li>O link expira em 1 hora.</li>
          </ol>
        </Dialog>
      ) : null}
    </AuthCard>
  );
}
