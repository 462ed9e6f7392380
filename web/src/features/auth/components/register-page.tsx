import { accountMessages } from '@quitute/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { Link, useNavigate } from 'react-router';
import { serverFieldErrors } from '../../../api/errors';
import buttons from '../../../components/button.module.css';
import { FormField, FormMessage } from '../../../components/form-field';
import forms from '../../../components/form.module.css';
import { REGISTER_REDIRECT_MS } from '../../../config/ui';
import { useRegisterMutation } from '../api/auth-api';
import { selectAuth } from '../auth-slice';
import { useFieldErrors } from '../hooks/use-field-errors';
import { mapRegisterError } from '../model/auth-errors';
import { formFieldErrors } from '../model/field-errors';
import { useAuthValidation } from '../hooks/use-auth-validation';
import { AuthCard } from './auth-card';
import { Captcha, type CaptchaHandle } from './captcha';

/** /register (spec §2, §5, §8): a new account does not log in; the login page follows after 2 s. */
export function RegisterPage() {
  const { loading } = useSelector(selectAuth);
  const [register] = useRegisterMutation();
  const navigate = useNavigate();
  const captcha = useRef<CaptchaHandle>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // A ref, not state: the widget may report its token just before the click that submits.
  const captchaToken = useRef<string | null>(null);
  const { errors, setErrors, clearError, bind } = useFieldErrors();
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  // The e-mail goes in the router's state, not the address: an address ends up in logs and history.
  const [registeredEmail, setRegisteredEmail] = useState('');
  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(
      () => navigate('/login', { state: { email: registeredEmail } }),
      REGISTER_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [success, navigate, registeredEmail]);

  const { load: loadRules, prefetch: prefetchRules } = useAuthValidation();
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading || success) return;
    const { validateRegister } = await loadRules();
    const validation = validateRegister({
      name,
      email,
      password,
      captchaToken: captchaToken.current,
    });
    if (!validation.ok) {
      setErrors(validation.errors);
      return;
    }
    setErrors({});
    setFormError(null);
    const result = await register(validation.data);
    captcha.current?.reset();
    if (result.error) {
      const message = mapRegisterError(result.error);
      const fieldErrors = formFieldErrors(serverFieldErrors(result.error));
      setErrors(fieldErrors);
      setFormError(Object.values(fieldErrors).includes(message) ? null : message);
      return;
    }
    setRegisteredEmail(validation.data.email);
    setSuccess(accountMessages.registered);
  };

  return (
    <AuthCard
      title="Criar Conta"
      footer={
        <p>
          Já tem uma conta? <Link to="/login">Entrar</Link>
        </p>
      }
    >
      <form
        className={forms.form}
        noValidate
        onFocus={prefetchRules}
        onSubmit={(event) => void onSubmit(event)}
      >
        {success ? <FormMessage tone="success">{success}</FormMessage> : null}
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <FormField label="Nome" autoComplete="name" {...bind('name', name, setName)} />
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
          autoComplete="new-password"
          hint="Pelo menos 6 caracteres, com uma letra maiúscula e um número."
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
        <button
          type="submit"
          className={`${buttons.button} ${buttons.block}`}
          disabled={loading || success !== null}
        >
          {loading ? 'Cadastrando...' : 'Cadastrar'}
        </button>
      </form>
    </AuthCard>
  );
}
