import { shopDate, type SaleDto } from '@quitute/contracts';
import { useId, useState, type FormEvent } from 'react';
import buttons from '../../../components/button.module.css';
import { Dialog } from '../../../components/dialog';
import forms from '../../../components/form.module.css';
import type { SaleBody } from '../api/admin-commands';
import styles from '../components/admin.module.css';
import { FormError } from '../components/page-parts';
import { adminTexts, saleTexts } from '../model/admin-texts';

/** The sale's day in the shop's calendar, for the date input. */
function saleDay(sale: SaleDto): string {
  const instant = new Date(sale.date);
  return Number.isNaN(instant.getTime()) ? sale.date.slice(0, 10) : shopDate(instant);
}

/** Cliente, Valor, Data (admin-spec §2, §5): all required; the date defaults to today. */
export function SaleFormDialog({
  sale,
  today,
  saving,
  error,
  onSave,
  onClose,
}: {
  sale: SaleDto | null;
  /** Today in the shop's calendar, `YYYY-MM-DD`. */
  today: string;
  saving: boolean;
  error: string | null;
  onSave: (body: SaleBody) => void;
  onClose: () => void;
}) {
  const [clientName, setClientName] = useState(sale?.clientName ?? '');
  const [amount, setAmount] = useState(sale ? String(sale.amount) : '');
  const [date, setDate] = useState(sale ? saleDay(sale) : today);
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!saving) onSave({ clientName: clientName.trim(), amount: Number(amount), date });
  };

  return (
    <Dialog
      title={sale ? saleTexts.editTitle : saleTexts.addTitle}
      onClose={onClose}
      busy={saving}
      closeButton={false}
      closeIcon
      closeOnOutsideClick
    >
      <form onSubmit={submit}>
        <fieldset disabled={saving} className={styles.formGrid}>
          <div className={`${forms.field} ${styles.full}`}>
            <label className={forms.label} htmlFor={`${id}-client`}>
              Cliente
            </label>
            <input
              id={`${id}-client`}
              className={forms.input}
              required
              autoComplete="off"
              value={clientName}
              onChange={(event) => setClientName(event.target.value)}
            />
          </div>
          <div className={forms.field}>
            <label className={forms.label} htmlFor={`${id}-amount`}>
              Valor
            </label>
            <input
              id={`${id}-amount`}
              className={forms.input}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0.01"
              required
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
            />
          </div>
          <div className={forms.field}>
            <label className={forms.label} htmlFor={`${id}-date`}>
              Data
            </label>
            <input
              id={`${id}-date`}
              className={forms.input}
              type="date"
              required
              max={today}
              value={date}
              onChange={(event) => setDate(event.target.value)}
            />
          </div>
        </fieldset>
        {error ? <FormError>{error}</FormError> : null}
        <div className={styles.formActions}>
          <button type="button" className={buttons.ghost} disabled={saving} onClick={onClose}>
            {adminTexts.cancel}
          </button>
          <button type="submit" className={buttons.button} disabled={saving}>
            {saving ? adminTexts.saving : adminTexts.save}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
