import {
  accountMessages,
  loginBodySchema,
  PASSWORD_MIN_LENGTH,
  profileUpdateBodySchema,
  registerBodySchema,
  resetConfirmBodySchema,
  resetPasswordField,
  resetRequestBodySchema,
  type LoginBody,
  type ProfileUpdateBody,
  type RegisterBody,
} from '@quitute/contracts';

/** Messages by form field; the captcha's field is `captcha` (sent as `recaptchaToken`). */
export type FieldErrors = Record<string, string>;

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

const FIELD_NAMES: Record<string, string> = { recaptchaToken: 'captcha' };

/** The first rule each field breaks, in the order the shared schema lists them (spec §5). */
export function firstErrorPerField(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'form');
    const field = FIELD_NAMES[key] ?? key;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Server field names as the forms name them. */
export function formFieldErrors(fields: Record<string, string>): FieldErrors {
  return firstErrorPerField(
    Object.entries(fields).map(([field, message]) => ({ path: [field], message })),
  );
}

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

export type PasswordStrength = 'Fraca' | 'Média' | 'Forte';

/** Strong if every reset rule passes, medium from 6 characters, else weak (spec §5). */
export function passwordStrength(password: string): PasswordStrength {
  if (resetPasswordField.safeParse(password).success) return 'Forte';
  return password.length >= PASSWORD_MIN_LENGTH ? 'Média' : 'Fraca';
}
