import type { SaleDto, SaleSource } from '@quitute/contracts';
import { errorMessage } from '../../../api/errors';
import buttons from '../../../components/button.module.css';
import { saleFilters, useGetSalesQuery } from '../api/admin-api';
import {
  useCreateSaleMutation,
  useDeleteSaleMutation,
  useUpdateSaleMutation,
  type SaleBody,
} from '../api/admin-commands';
import styles from '../components/admin.module.css';
import { Badge } from '../components/badge';
import { ConfirmDialog } from '../components/confirm-dialog';
import { CsvExportButton } from '../components/csv-export-button';
import { ListToolbar } from '../components/list-toolbar';
import { MessageDialog } from '../components/message-dialog';
import { FormError, ListTable, RowActions } from '../components/page-parts';
import { Pagination } from '../components/pagination';
import { useListEditing } from '../hooks/use-list-editing';
import { useListFilters } from '../hooks/use-list-filters';
import { useOutcome } from '../hooks/use-outcome';
import { SALE_SUCCESS_MS, SALES_SEARCH_DEBOUNCE_MS } from '../model/admin-constants';
import { formatDay, formatMoney, saleNumber, shopToday } from '../model/admin-format';
import { saleSourceLabel } from '../model/admin-labels';
import { saleTexts } from '../model/admin-texts';
import { SaleFormDialog } from './sale-form-dialog';

const SOURCE_OPTIONS = [
  { value: '', label: 'Todas' },
  { value: 'online', label: 'Online' },
  { value: 'physical', label: 'Físico' },
];

function sourceFilter(value: string): SaleSource | '' {
  return value === 'online' || value === 'physical' ? value : '';
}

/** 'Listagem de Vendas' (admin-spec §2): only physical sales can be edited or deleted (§4). */
export function SalesList({ now = () => new Date() }: { now?: () => Date }) {
  const list = useListFilters<SaleSource | ''>('', SALES_SEARCH_DEBOUNCE_MS);
  const sales = useGetSalesQuery({ page: list.page, search: list.search, source: list.filter });
  const [createSale, creating] = useCreateSaleMutation();
  const [updateSale, updating] = useUpdateSaleMutation();
  const [deleteSale, deleting] = useDeleteSaleMutation();
  const { outcome, show, clear } = useOutcome();
  const editor = useListEditing<SaleDto, SaleBody>({
    save: (sale, body) => (sale ? updateSale({ id: sale.id, body }) : createSale(body)),
    remove: deleteSale,
    texts: saleTexts,
    // The success messages close by themselves (admin-spec §9); an error waits for OK.
    report: (tone, text) => show(tone, text, tone === 'success' ? SALE_SUCCESS_MS : undefined),
  });

  const totalPages = list.pageCount(sales.currentData);
  const rows = sales.currentData?.sales ?? [];

  return (
    <>
      <ListToolbar
        list={list}
        search={{ label: 'Buscar vendas', placeholder: 'Nome do cliente...' }}
        filter={{ label: 'Origem', options: SOURCE_OPTIONS, parse: sourceFilter }}
      >
        <div>
          <button type="button" className={buttons.button} onClick={() => editor.openForm(null)}>
            {saleTexts.addSale}
          </button>
        </div>
        <CsvExportButton
          path="/api/admin/sales.csv"
          query={saleFilters({ search: list.search, source: list.filter })}
          fallbackName="vendas.csv"
          onError={(message) => show('error', message)}
        />
      </ListToolbar>
      {sales.error ? (
        <FormError>{errorMessage(sales.error, saleTexts.loadFailed)}</FormError>
      ) : null}
      <ListTable
        list={sales}
        rowCount={rows.length}
        loadingText={saleTexts.loading}
        emptyText={saleTexts.empty}
        label="Vendas"
        columns={['ID/Nº', 'Data', 'Cliente', 'Valor', 'Origem', 'Ações']}
      >
        {rows.map((sale) => (
          <tr key={sale.id}>
            <td>
              <code>{saleNumber(sale.id)}</code>
            </td>
            <td>{formatDay(sale.date)}</td>
            <td className={styles.wrap}>{sale.clientName}</td>
            <td
              className={sale.amount < 0 ? `${styles.money} ${styles.negativeMoney}` : styles.money}
            >
              {formatMoney(sale.amount)}
            </td>
            <td>
              {sale.kind === 'refund' ? (
                <>
                  <Badge tone="danger">{saleTexts.refundRow}</Badge>
                  {sale.orderNumber ? (
                    <div className={styles.muted}>{saleTexts.refundOrder(sale.orderNumber)}</div>
                  ) : null}
                </>
              ) : (
                <Badge tone={sale.source === 'Online' ? 'info' : 'neutral'}>
                  {saleSourceLabel(sale.source)}
                </Badge>
              )}
            </td>
            <td>
              {sale.source === 'Fisico' && sale.kind === 'sale' ? (
                <RowActions
                  subject={`venda ${saleNumber(sale.id)}`}
                  onEdit={() => editor.openForm(sale)}
                  onDelete={() => editor.askDelete(sale.id)}
                />
              ) : null}
            </td>
          </tr>
        ))}
      </ListTable>
      <Pagination page={list.page} totalPages={totalPages} onPage={list.setPage} />
      {editor.editing ? (
        <SaleFormDialog
          sale={editor.editing.item}
          today={shopToday(now())}
          saving={creating.isLoading || updating.isLoading}
          error={editor.saveError}
          onSave={(body) => void editor.saveForm(body)}
          onClose={editor.closeForm}
        />
      ) : null}
      {editor.deletingId ? (
        <ConfirmDialog
          message={saleTexts.deleteConfirm}
          busy={deleting.isLoading}
          onCancel={editor.cancelDelete}
          onConfirm={() => void editor.confirmDelete()}
        />
      ) : null}
      <MessageDialog outcome={outcome} onClose={clear} />
    </>
  );
}
