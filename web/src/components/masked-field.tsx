import { maskInput, type Mask } from '../lib/masked-input';
import { FormField, type FormFieldProps } from './form-field';

export interface MaskedFieldProps extends FormFieldProps {
  /** contracts' maskPhone, maskCpf or maskCep. */
  mask: Mask;
}

/**
 * A labelled input that groups digits as they are typed or pasted (DESIGN.md
 * "Forms"): the form's onChange reads the masked text, the caret stays by the
 * digits it was next to, and a phone keypad comes up.
 */
export function MaskedField({ mask, onChange, ...field }: MaskedFieldProps) {
  return (
    <FormField
      inputMode="numeric"
      {...field}
      onChange={(event) => {
        maskInput(event.currentTarget, mask);
        onChange?.(event);
      }}
    />
  );
}
