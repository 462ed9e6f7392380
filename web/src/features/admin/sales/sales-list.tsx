import type { SaleDto, SaleSource } from '@quitute/contracts';
import { useState } from 'react';
import { errorMessage } from '../../../api/errors';
import buttons from '../../../components/button.module.css';
import { FilterSelect } from '../../../components/filter-select';
import { PageLoading } from '../../../components/page-loading';
import { useGetSalesQuery } from '../api/admin-api';
import {
  useCreateSaleMutation,
  useDeleteSaleMutation,
  useUpdateSaleMutation,
  type SaleBody,
} from '../api/admin-commands';
import styles from '../components/admin.module.css';
import { Badge } from '../components/badge';
import { ConfirmDialog } from '../components/confirm-dialog';
import { MessageDialog } from '../components/message-dialog';
import { Empty, FormError, TableWrap } from '../components/page-parts';
import { Pagination } from '../components/pagination';
import { SearchBox } from '../components/search-box';
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

type Editing = { sale: SaleDto | null } | null;

/** 'Listagem de Vendas' (admin-spec §2): only physical sales can be edited or deleted (§4). */
export function SalesList({ now = () => new Date() }: { now?: () => Date }) {
  const list = useListFilters<SaleSource | ''>('', SALES_SEARCH_DEBOUNCE_MS);
  const sales = useGetSalesQuery({ page: list.page, search: list.search, source: list.filter });
  const [createSale, creating] = useCreateSaleMutation();
  const [updateSale, updating] = useUpdateSaleMutation();
  const [deleteSale, deleting] = useDeleteSaleMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const { outcome, show, clear } = useOutcome();

  const totalPages = Math.max(1, sales.currentData?.totalPages ?? 1);
  if (sales.currentData && list.page > totalPages) list.setPage(totalPages);
  const rows = sales.currentData?.sales ?? [];

  const openForm = (sale: SaleDto | null) => {
    setSaveError(null);
    setEditing({ sale });
  };

  const save = async (body: SaleBody) => {
    const sale = editing?.sale ?? null;
    const result = sale ? await updateSale({ id: sale.id, body }) : await createSale(body);
    if (result.error) {
      setSaveError(errorMessage(result.error, saleTexts.saveFailed));
      return;
    }
    setEditing(null);
    show('success', sale ? saleTexts.updated : saleTexts.added, SALE_SUCCESS_MS);
  };

  const confirmDelete = async () => {
    if (!deletingId) return;
    const result = await deleteSale(deletingId);
    setDeletingId(null);
    if (result.error) show('error', errorMessage(result.error, saleTexts.deleteFailed));
    else show('success', saleTexts.deleted, SALE_SUCCESS_MS);
  };

  return (
    <>
      <div className={styles.toolbar} role="search">
        <SearchBox
          label="Buscar vendas"
          placeholder="Nome do cliente..."
          value={list.searchText}
          onChange={list.setSearchText}
        />
        <FilterSelect
          label="Origem"
          value={list.filter}
          options={SOURCE_OPTIONS}
          onChange={(value) => list.setFilter(sourceFilter(value))}
        />
        <div>
          <button type="button" className={buttons.button} onClick={() => openForm(null)}>
            {saleTexts.addSale}
          </button>
        </div>
      </div>
      {sales.error ? (
        <FormError>{errorMessage(sales.error, saleTexts.loadFailed)}</FormError>
      ) : null}
      {sales.isFetching && !sales.currentData ? (
        <PageLoading label={saleTexts.loading} />
      ) : sales.currentData && rows.length === 0 ? (
        <Empty>{saleTexts.empty}</Empty>
      ) : rows.length > 0 ? (
        <TableWrap label="Vendas">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">ID/Nº</th>
                <th scope="col">Data</th>
                <th scope="col">Cliente</th>
                <th scope="col">Valor</th>
                <th scope="col">Origem</th>
                <th scope="col">Ações</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((sale) => (
                <tr key={sale.id}>
                  <td>
                    <code>{saleNumber(sale.id)}</code>
                  </td>
                  <td>{formatDay(sale.date)}</td>
                  <td className={styles.wrap}>{sale.clientName}</td>
                  <td className={styles.money}>{formatMoney(sale.amount)}</td>
                  <td>
                    <Badge tone={sale.source === 'Online' ? 'info' : 'neutral'}>
                      {saleSourceLabel(sale.source)}
                    </Badge>
                  </td>
                  <td>
                    {sale.source === 'Fisico' ? (
                      <div className={styles.rowActions}>
                        <button
                          type="button"
                          className={styles.iconButton}
                          aria-label={`Editar venda ${saleNumber(sale.id)}`}
                          onClick={() => openForm(sale)}
                        >
                          Editar
                        </button>
                        <button
                          type="button"
                          className={`${styles.iconButton} ${styles.danger}`}
                          aria-label={`Excluir venda ${saleNumber(sale.id)}`}
                          onClick={() => setDeletingId(sale.id)}
                        >
                          Excluir
                        </button>
                      </div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
      <Pagination page={list.page} totalPages={totalPages} onPage={list.setPage} />
      {editing ? (
        <SaleFormDialog
          sale={editing.sale}
          today={shopToday(now())}
          saving={creating.isLoading || updating.isLoading}
          error={saveError}
          onSave={(body) => void save(body)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deletingId ? (
        <ConfirmDialog
          message={saleTexts.deleteConfirm}
          busy={deleting.isLoading}
          onCancel={() => setDeletingId(null)}
          onConfirm={() => void confirmDelete()}
        />
      ) : null}
      <MessageDialog outcome={outcome} onClose={clear} />
    </>
  );
}
