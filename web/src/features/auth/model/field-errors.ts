/** Messages by form field; the captcha's field is `captcha` (sent as `recaptchaToken`). */
export type FieldErrors = Record<string, string>;

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

export interface Issue {
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
