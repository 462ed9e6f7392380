import { accountMessages } from '@quitute/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { Link, useLocation, useNavigate } from 'react-router';
import { serverFieldErrors } from '../../../api/errors';
import buttons from '../../../components/button.module.css';
import { FormField, FormMessage } from '../../../components/form-field';
import forms from '../../../components/form.module.css';
import { LOGIN_REDIRECT_SECONDS } from '../../../config/ui';
import { reveal } from '../../../lib/reveal';
import { useLoginMutation } from '../api/auth-api';
import { selectAuth } from '../auth-slice';
import { useFieldErrors } from '../hooks/use-field-errors';
import { useCountdown } from '../hooks/use-countdown';
import { mapLoginError } from '../model/auth-errors';
import { authMessages } from '../model/auth-messages';
import { formFieldErrors } from '../model/field-errors';
import { loginEmailFrom, loginReturnFrom } from '../model/login-return';
import { useAuthValidation } from '../hooks/use-auth-validation';
import { AuthCard, redirectText } from './auth-card';
import styles from './auth.module.css';
import { Captcha, type CaptchaHandle } from './captcha';

/**
 * /login (spec §2, §5, §8). Sent here by a protected page, it says why and, once
 * logged in, offers the way back beside the spec's countdown to the home page;
 * sent here after registering, the new account's e-mail is already filled in.
 */
export function LoginPage() {
  const { user, loading, message, error: sessionError } = useSelector(selectAuth);
  const [login] = useLoginMutation();
  const navigate = useNavigate();
  const location = useLocation();
  const back = loginReturnFrom(location.state);
  const captcha = useRef<CaptchaHandle>(null);
  const [email, setEmail] = useState(() => loginEmailFrom(location.state));
  const [password, setPassword] = useState('');
  // A ref, not state: the widget may report its token just before the click that submits.
  const captchaToken = useRef<string | null>(null);
  const { errors, setErrors, clearError, bind } = useFieldErrors();
  const [formError, setFormError] = useState<string | null>(null);
  /** Whether this page sent a login: a user that appears afterwards has just logged in here. */
  const [attempted, setAttempted] = useState(false);
  const { load: loadRules, prefetch: prefetchRules } = useAuthValidation();

  const seconds = useCountdown(LOGIN_REDIRECT_SECONDS, user !== null, () =>
    navigate('/', { replace: true }),
  );
  const titleRef = useRef<HTMLHeadingElement>(null);
  const loggedInHere = user !== null && attempted;
  // The form she scrolled down to is gone: the short card and its way back are brought into view.
  useEffect(() => {
    if (loggedInHere) reveal(titleRef.current);
  }, [loggedInHere]);

  if (user) {
    return (
      <AuthCard title={attempted ? 'Bem-vindo!' : 'Entrar'} titleRef={titleRef}>
        <div className={styles.notice}>
          <FormMessage tone="success">
            {attempted ? (message ?? accountMessages.loginSuccess) : authMessages.alreadyLoggedIn}
          </FormMessage>
          <p className={styles.countdown} aria-live="polite">
            {redirectText(seconds)}
          </p>
          {back ? (
            <Link className={buttons.button} to={back.path} replace>
              {back.backLabel}
            </Link>
          ) : null}
          <Link className={buttons.secondary} to="/" replace>
            Ir para a Página Inicial
          </Link>
        </div>
      </AuthCard>
    );
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const { validateLogin } = await loadRules();
    const validation = validateLogin({ email, password, captchaToken: captchaToken.current });
    if (!validation.ok) {
      setErrors(validation.errors);
      return;
    }
    setErrors({});
    setFormError(null);
    setAttempted(true);
    const result = await login(validation.data);
    captcha.current?.reset();
    if (!result.error) return;
    const failure = mapLoginError(result.error);
    const fieldErrors = formFieldErrors(serverFieldErrors(result.error));
    if (failure.field) fieldErrors[failure.field] = failure.message;
    setErrors(fieldErrors);
    setFormError(
      failure.field === null && !Object.values(fieldErrors).includes(failure.message)
        ? failure.message
        : null,
    );
  };

  // Before this page sends anything, the session's own news (an expired session, a new account).
  const alert = attempted ? formError : sessionError;
  const note = attempted ? null : message;

  return (
    <AuthCard
      title="Entrar"
      footer={
        <>
          <p>
            <Link to="/reset-password">Esqueceu a senha?</Link>
          </p>
          <p>
            Não tem uma conta? <Link to="/register">Cadastre-se</Link>
          </p>
        </>
      }
    >
      <form
        className={forms.form}
        noValidate
        onFocus={prefetchRules}
        onSubmit={(event) => void onSubmit(event)}
      >
        {back ? <FormMessage tone="info">{back.reason}</FormMessage> : null}
        {note ? <FormMessage tone="success">{note}</FormMessage> : null}
        {alert ? <FormMessage tone="error">{alert}</FormMessage> : null}
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          {...bind('email', email, setEmail)}
        />
        <FormField
          label="Senha"
          type="password"
          autoComplete="current-password"
          {...bind('password', password, setPassword)}
        />
        <Captcha
          ref={captcha}
          error={errors['captcha']}
          onToken={(token) => {
            captchaToken.current = token;
            if (token) clearError('captcha');
          }}
        />
        <button type="submit" className={`${buttons.button} ${buttons.block}`} disabled={loading}>
          {loading ? 'Entrando...' : 'Entrar'}
        </button>
      </form>
    </AuthCard>
  );
}
