import { ALL_CATEGORIES, CATEGORIES, type AdminProductDto } from '@quitute/contracts';
import { useRef, useState } from 'react';
import { errorMessage, httpStatus } from '../../../api/errors';
import buttons from '../../../components/button.module.css';
import { FilterSelect } from '../../../components/filter-select';
import { PageLoading } from '../../../components/page-loading';
import { ProductImage } from '../../../components/product-image';
import { useGetAdminProductsQuery, useGetProductStatsQuery } from '../api/admin-api';
import {
  useCreateProductMutation,
  useDeleteProductMutation,
  useUpdateProductMutation,
  type ProductBody,
} from '../api/admin-commands';
import styles from '../components/admin.module.css';
import { useAdminSession } from '../components/admin-session';
import { Badge } from '../components/badge';
import { ConfirmDialog } from '../components/confirm-dialog';
import { Notification, type Notice } from '../components/notification';
import { Empty, FormError, PageTitle, TableWrap } from '../components/page-parts';
import { Pagination } from '../components/pagination';
import { SearchBox } from '../components/search-box';
import { StatCard, StatGrid } from '../components/stat-card';
import { useListFilters } from '../hooks/use-list-filters';
import { SEARCH_DEBOUNCE_MS } from '../model/admin-constants';
import { formatMoney, shortId } from '../model/admin-format';
import { adminTexts, productTexts } from '../model/admin-texts';
import { ProductFormDialog } from './product-form-dialog';

const CATEGORY_OPTIONS = [ALL_CATEGORIES, ...CATEGORIES].map((category) => ({
  value: category,
  label: category,
}));

/** admin-spec §2: the status text when there is one, else Ativo/Inativo from isActive. */
function statusOf(product: AdminProductDto): string {
  return product.status.trim() || (product.isActive ? 'Ativo' : 'Inativo');
}

type Editing = { product: AdminProductDto | null } | null;

/** /admin/products (admin-spec §2 "Products page"). */
export function ProductsPage() {
  const session = useAdminSession();
  const list = useListFilters<string>(ALL_CATEGORIES, SEARCH_DEBOUNCE_MS);
  const skip = !session.hasToken;
  const products = useGetAdminProductsQuery(
    { page: list.page, search: list.search, category: list.filter },
    { skip },
  );
  const stats = useGetProductStatsQuery(undefined, { skip });
  const [createProduct, creating] = useCreateProductMutation();
  const [updateProduct, updating] = useUpdateProductMutation();
  const [deleteProduct, deleting] = useDeleteProductMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeId = useRef(0);

  if (!session.hasToken) {
    return (
      <>
        <PageTitle>{productTexts.title}</PageTitle>
        <FormError>{adminTexts.loginToAccess}</FormError>
      </>
    );
  }

  const notify = (type: Notice['type'], text: string) => {
    noticeId.current += 1;
    setNotice({ type, text, id: noticeId.current });
  };

  const totalPages = Math.max(1, products.currentData?.totalPages ?? 1);
  if (products.currentData && list.page > totalPages) list.setPage(totalPages);

  const openForm = (product: AdminProductDto | null) => {
    setSaveError(null);
    setEditing({ product });
  };

  const save = async (body: ProductBody) => {
    const product = editing?.product ?? null;
    const result = product
      ? await updateProduct({ id: product._id, body })
      : await createProduct(body);
    if (result.error) {
      setSaveError(errorMessage(result.error, productTexts.saveFailed));
      return;
    }
    setEditing(null);
    notify('success', product ? productTexts.updated : productTexts.added);
  };

  const confirmDelete = async () => {
    if (!deletingId) return;
    const result = await deleteProduct(deletingId);
    setDeletingId(null);
    if (result.error) notify('error', errorMessage(result.error, productTexts.deleteFailed));
    else notify('success', productTexts.deleted);
  };

  const rows = products.currentData?.products ?? [];

  return (
    <>
      <PageTitle
        actions={
          <button type="button" className={buttons.button} onClick={() => openForm(null)}>
            {productTexts.newProduct}
          </button>
        }
      >
        {productTexts.title}
      </PageTitle>
      <StatGrid label="Estatísticas de produtos">
        <StatCard label="Total de Produtos" value={stats.data?.totalProducts ?? '—'} />
        <StatCard
          label="Produtos Ativos"
          value={stats.data?.activeProducts ?? '—'}
          tone="success"
        />
        <StatCard
          label="Estoque Baixo"
          value={stats.data?.lowStockProducts ?? '—'}
          tone="warning"
        />
        <StatCard
          label="Produtos Excluídos"
          value={stats.data?.deletedProducts ?? '—'}
          tone="danger"
        />
      </StatGrid>
      <div className={styles.toolbar} role="search">
        <SearchBox
          label="Buscar produtos"
          placeholder="Buscar por nome..."
          value={list.searchText}
          onChange={list.setSearchText}
        />
        <FilterSelect
          label="Categoria"
          value={list.filter}
          options={CATEGORY_OPTIONS}
          onChange={list.setFilter}
        />
      </div>
      {products.error ? (
        <FormError>
          {httpStatus(products.error) === 401
            ? productTexts.loginToSee
            : errorMessage(products.error, productTexts.loadFailed)}
        </FormError>
      ) : null}
      {products.isFetching && !products.currentData ? (
        <PageLoading label={productTexts.loading} />
      ) : products.currentData && rows.length === 0 ? (
        <Empty>{productTexts.empty}</Empty>
      ) : rows.length > 0 ? (
        <TableWrap label="Produtos">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">ID</th>
                <th scope="col">Imagem</th>
                <th scope="col">Nome</th>
                <th scope="col">Categoria</th>
                <th scope="col">Preço</th>
                <th scope="col">Estoque</th>
                <th scope="col">Status</th>
                <th scope="col">Ações</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((product) => (
                <tr key={product._id}>
                  <td>
                    <code>{shortId(product._id)}</code>
                  </td>
                  <td>
                    <div className={styles.thumb}>
                      <ProductImage
                        imageUrl={product.imageUrl}
                        alt={product.name}
                        width={160}
                        height={120}
                      />
                    </div>
                  </td>
                  <td className={styles.wrap}>{product.name}</td>
                  <td>{product.category || 'N/A'}</td>
                  <td className={styles.money}>{formatMoney(product.price)}</td>
                  <td>{Number.isInteger(product.stock) ? product.stock : 'N/A'}</td>
                  <td>
                    <Badge tone={product.isActive ? 'success' : 'neutral'}>
                      {statusOf(product)}
                    </Badge>
                  </td>
                  <td>
                    <div className={styles.rowActions}>
                      <button
                        type="button"
                        className={styles.iconButton}
                        aria-label={`Editar ${product.name}`}
                        onClick={() => openForm(product)}
                      >
                        Editar
                      </button>
                      <button
                        type="button"
                        className={`${styles.iconButton} ${styles.danger}`}
                        aria-label={`Excluir ${product.name}`}
                        onClick={() => setDeletingId(product._id)}
                      >
                        Excluir
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
      <Pagination page={list.page} totalPages={totalPages} onPage={list.setPage} />
      {editing ? (
        <ProductFormDialog
          product={editing.product}
          saving={creating.isLoading || updating.isLoading}
          error={saveError}
          onSave={(body) => void save(body)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deletingId ? (
        <ConfirmDialog
          message={productTexts.deleteConfirm}
          busy={deleting.isLoading}
          onCancel={() => setDeletingId(null)}
          onConfirm={() => void confirmDelete()}
        />
      ) : null}
      <Notification notice={notice} onDone={() => setNotice(null)} />
    </>
  );
}
