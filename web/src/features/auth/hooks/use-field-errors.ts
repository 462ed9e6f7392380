import { useCallback, useState, type ChangeEvent } from 'react';
import type { FieldErrors } from '../model/field-errors';

/**
 * A form's errors, one per field, and `bind`: the props that tie an input to
 * its value and its error. Typing in a field clears that field's error.
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const clearError = useCallback(
    (field: string) => setErrors(({ [field]: _, ...rest }) => rest),
    [],
  );
  const bind = (name: string, value: string, setValue: (value: string) => void) => ({
    name,
    value,
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValue(event.target.value);
      clearError(name);
    },
  });
  return { errors, setErrors, clearError, bind };
}
