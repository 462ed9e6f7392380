import { accountMessages } from '@quitute/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import buttons from '../../../components/button.module.css';
import { Dialog } from '../../../components/dialog';
import { FormField, FormMessage } from '../../../components/form-field';
import forms from '../../../components/form.module.css';
import { useConfirmPasswordResetMutation } from '../api/auth-api';
import { mapResetConfirmError, type ResetConfirmFailure } from '../model/auth-errors';
import type { FieldErrors } from '../model/field-errors';
import { provisionalStrength, type PasswordStrength } from '../model/password-strength';
import { useAuthValidation } from '../hooks/use-auth-validation';
import { AuthCard } from './auth-card';
import styles from './auth.module.css';

const STRENGTH_CLASS: Record<PasswordStrength, string | undefined> = {
  Fraca: styles.weak,
  Média: styles.medium,
  Forte: styles.strong,
};

export function StrengthIndicator({
  password,
  rate = provisionalStrength,
}: {
  password: string;
  /** The reset rules' rating once they have loaded. */
  rate?: (password: string) => PasswordStrength;
}) {
  const strength = rate(password);
  return (
    <p className={`${styles.strength} ${STRENGTH_CLASS[strength] ?? ''}`} aria-live="polite">
      <span className={styles.meter} aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      <span>
        Força da senha: <strong>{strength}</strong>
      </span>
    </p>
  );
}

function MatchIndicator({ password, confirmation }: { password: string; confirmation: string }) {
  if (!confirmation) return null;
  const match = password === confirmation;
  return (
    <p className={`${styles.match} ${match ? styles.matchYes : styles.matchNo}`} aria-live="polite">
      {match ? '✓ As senhas coincidem.' : `✗ ${accountMessages.passwordsDiffer}`}
    </p>
  );
}

type Outcome = { kind: 'success'; message: string } | ({ kind: 'error' } & ResetConfirmFailure);

/** /reset/:token (spec §2, §5, §8): the new password, from the link in the reset e-mail. */
export function ResetConfirmPage() {
  const { token } = useParams();
  const navigate = useNavigate();
  const [confirmReset, { isLoading }] = useConfirmPasswordResetMutation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const { rules, load: loadRules, prefetch: prefetchRules } = useAuthValidation();
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const { validateResetConfirm } = await loadRules();
    const validation = validateResetConfirm({ token, password, confirmation });
    if (!validation.ok) {
      setErrors(validation.errors);
      return;
    }
    setErrors({});
    const result = await confirmReset(validation.data);
    if (result.error) {
      setOutcome({ kind: 'error', ...mapResetConfirmError(result.error) });
      return;
    }
    setOutcome({ kind: 'success', message: result.data.message ?? accountMessages.passwordReset });
  };

  const tokenError = token ? errors['token'] : accountMessages.resetTokenMissing;

  return (
    <AuthCard
      title="Criar Nova Senha"
      intro="Escolha uma senha com pelo menos 8 caracteres, uma letra maiúscula e um número."
      footer={
        <p>
          <Link to="/reset-password">Solicitar um novo link</Link>
        </p>
      }
    >
      <form
        className={forms.form}
        noValidate
        onFocus={prefetchRules}
        onSubmit={(event) => void onSubmit(event)}
      >
        {tokenError ? <FormMessage tone="error">{tokenError}</FormMessage> : null}
        <FormField
          label="Nova senha"
          type="password"
          name="newPassword"
          autoComplete="new-password"
          value={password}
          error={errors['newPassword']}
          hint={<StrengthIndicator password={password} rate={rules?.passwordStrength} />}
          onChange={(event) => setPassword(event.target.value)}
        />
        <FormField
          label="Confirmar nova senha"
          type="password"
          name="confirmation"
          autoComplete="new-password"
          value={confirmation}
          error={errors['confirmation']}
          hint={
            errors['confirmation'] ? undefined : (
              <MatchIndicator password={password} confirmation={confirmation} />
            )
          }
          onChange={(event) => setConfirmation(event.target.value)}
        />
        <button
          type="submit"
          className={`${buttons.button} ${buttons.block}`}
          disabled={isLoading || !token}
        >
          {isLoading ? 'Redefinindo...' : 'Redefinir Senha'}
        </button>
      </form>
      {outcome?.kind === 'success' ? (
        <Dialog
          title="Senha Redefinida"
          tone="success"
          closeLabel="Ir para Login"
          onClose={() => navigate('/login', { replace: true })}
        >
          <p>{outcome.message}</p>
        </Dialog>
      ) : null}
      {outcome?.kind === 'error' ? (
        <Dialog
          title={outcome.title}
          tone="error"
          closeLabel="Tentar Novamente"
          onClose={() => setOutcome(null)}
        >
          <p>{outcome.text}</p>
        </Dialog>
      ) : null}
    </AuthCard>
  );
}
