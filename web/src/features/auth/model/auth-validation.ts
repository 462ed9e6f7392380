/**
 * The account forms' rules: the contracts' zod schemas, so zod (25 kB
 * gzipped). The forms load this module on their first focus or on submit
 * (hooks/use-auth-validation.ts), never with the page (issue 14's budget).
 */
import {
  accountMessages,
  loginBodySchema,
  profileUpdateBodySchema,
  registerBodySchema,
  resetConfirmBodySchema,
  resetPasswordField,
  resetRequestBodySchema,
  type LoginBody,
  type ProfileUpdateBody,
  type RegisterBody,
} from '@quitute/contracts';
import {
  firstErrorPerField,
  formFieldErrors,
  type FieldErrors,
  type Issue,
  type Validation,
} from './field-errors';
import { provisionalStrength, type PasswordStrength } from './password-strength';

/** Re-exported for the rules' callers and tests. */
export { firstErrorPerField, formFieldErrors, type FieldErrors, type Validation };

function validate<T>(
  result: { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } },
): Validation<T> {
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: firstErrorPerField(result.error.issues) };
}

export function validateLogin(values: {
  email: string;
  password: string;
  captchaToken: string | null;
}): Validation<LoginBody> {
  return validate(
    loginBodySchema.safeParse({
      email: values.email,
      password: values.password,
      recaptchaToken: values.captchaToken ?? '',
    }),
  );
}

/** Angle brackets are stripped from name and e-mail before the rules apply (spec §5). */
export function validateRegister(values: {
  name: string;
  email: string;
  password: string;
  captchaToken: string | null;
}): Validation<RegisterBody> {
  return validate(
    registerBodySchema.safeParse({
      name: values.name,
      email: values.email,
      password: values.password,
      recaptchaToken: values.captchaToken ?? '',
    }),
  );
}

/** Sent lower-cased and trimmed (spec §5). */
export function validateResetRequest(email: string): Validation<{ email: string }> {
  return validate(resetRequestBodySchema.safeParse({ email }));
}

export function validateResetConfirm(values: {
  token: string | undefined;
  password: string;
  confirmation: string;
}): Validation<{ token: string; newPassword: string }> {
  const result = resetConfirmBodySchema.safeParse({
    token: values.token ?? '',
    newPassword: values.password,
  });
  const errors = result.success ? {} : firstErrorPerField(result.error.issues);
  if (values.password !== values.confirmation) {
    errors['confirmation'] = accountMessages.passwordsDiffer;
  }
  if (result.success && Object.keys(errors).length === 0) return { ok: true, data: result.data };
  return { ok: false, errors };
}

export function validateProfile(values: {
  name: string;
  phone: string;
  address: string;
}): Validation<ProfileUpdateBody> {
  return validate(profileUpdateBodySchema.safeParse(values));
}

/** Strong if every reset rule passes, medium from 6 characters, else weak (spec §5). */
export function passwordStrength(password: string): PasswordStrength {
  if (resetPasswordField.safeParse(password).success) return 'Forte';
  return provisionalStrength(password);
}
