import { useId } from 'react';
import { FormField } from '../../../components/form-field';
import forms from '../../../components/form.module.css';
import styles from './checkout-page.module.css';

/**
 * The date and time before the form is first touched: the calendar's field
 * (delivery-slot-field.tsx) loads on the form's first focus, as its rules do —
 * nothing can be chosen before the delivery type is (the bundle budget).
 */
export function DeliverySlotPlaceholder({ error }: { error: string | undefined }) {
  const selectId = useId();
  return (
    <fieldset className={styles.when} disabled>
      <legend className={styles.legend}>Data e hora</legend>
      <FormField label="Data" type="date" name="deliveryDate" value="" readOnly error={error} />
      <div className={forms.field}>
        <label className={forms.label} htmlFor={selectId}>
          Horário
        </label>
        <select id={selectId} name="deliveryTime" className={forms.input} value="" disabled>
          <option value="">Escolha antes a entrega ou retirada</option>
        </select>
      </div>
    </fieldset>
  );
}
