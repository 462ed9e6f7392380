import { shopDate, type SaleDto } from '@quitute/contracts';
import { useState } from 'react';
import type { SaleBody } from '../api/admin-commands';
import { FormDialog, InputField } from '../components/form-dialog';
import { MoneyField } from '../components/money-field';
import { saleTexts } from '../model/admin-texts';
import { moneyInputText, readMoneyInput } from '../model/money-input';

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
  const [amount, setAmount] = useState(sale ? moneyInputText(sale.amount) : '');
  const [date, setDate] = useState(sale ? saleDay(sale) : today);

  return (
    <FormDialog
      title={sale ? saleTexts.editTitle : saleTexts.addTitle}
      saving={saving}
      error={error}
      onSubmit={() => {
        // An amount that does not read as money says why beside it (issue 38): nothing is sent.
        const typed = readMoneyInput(amount);
        if (typed.kind === 'amount')
          onSave({ clientName: clientName.trim(), amount: typed.reais, date });
      }}
      onClose={onClose}
    >
      <InputField
        label="Cliente"
        full
        required
        autoComplete="off"
        value={clientName}
        onChange={(event) => setClientName(event.target.value)}
      />
      <MoneyField label="Valor" required value={amount} onChange={setAmount} />
      <InputField
        label="Data"
        type="date"
        required
        max={today}
        value={date}
        onChange={(event) => setDate(event.target.value)}
      />
    </FormDialog>
  );
}
