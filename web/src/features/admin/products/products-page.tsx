import { ALL_CATEGORIES, CATEGORIES, type AdminProductDto } from '@quitute/contracts';
import { useRef, useState } from 'react';
import { errorMessage, httpStatus } from '../../../api/errors';
import buttons from '../../../components/button.module.css';
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
import { ListToolbar } from '../components/list-toolbar';
import { Notification, type Notice } from '../components/notification';
import { FormError, ListTable, PageRefused, PageTitle, RowActions } from '../components/page-parts';
import { Pagination } from '../components/pagination';
import { StatCard, StatGrid } from '../components/stat-card';
import { useListEditing } from '../hooks/use-list-editing';
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
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeId = useRef(0);
  const notify = (type: Notice['type'], text: string) => {
    noticeId.current += 1;
    setNotice({ type, text, id: noticeId.current });
  };
  const editor = useListEditing<AdminProductDto, ProductBody>({
    save: (product, body) =>
      product ? updateProduct({ id: product._id, body }) : createProduct(body),
    remove: deleteProduct,
    texts: productTexts,
    report: notify,
  });

  if (!session.hasToken) {
    return <PageRefused title={productTexts.title} reason={adminTexts.loginToAccess} />;
  }

  const totalPages = list.pageCount(products.currentData);
  const rows = products.currentData?.products ?? [];

  return (
    <>
      <PageTitle
        actions={
          <button type="button" className={buttons.button} onClick={() => editor.openForm(null)}>
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
      <ListToolbar
        list={list}
        search={{ label: 'Buscar produtos', placeholder: 'Buscar por nome...' }}
        filter={{ label: 'Categoria', options: CATEGORY_OPTIONS, parse: (value) => value }}
      />
      {products.error ? (
        <FormError>
          {httpStatus(products.error) === 401
            ? productTexts.loginToSee
            : errorMessage(products.error, productTexts.loadFailed)}
        </FormError>
      ) : null}
      <ListTable
        list={products}
        rowCount={rows.length}
        loadingText={productTexts.loading}
        emptyText={productTexts.empty}
        label="Produtos"
        columns={['ID', 'Imagem', 'Nome', 'Categoria', 'Preço', 'Estoque', 'Status', 'Ações']}
      >
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
              <Badge tone={product.isActive ? 'success' : 'neutral'}>{statusOf(product)}</Badge>
            </td>
            <td>
              <RowActions
                subject={product.name}
                onEdit={() => editor.openForm(product)}
                onDelete={() => editor.askDelete(product._id)}
              />
            </td>
          </tr>
        ))}
      </ListTable>
      <Pagination page={list.page} totalPages={totalPages} onPage={list.setPage} />
      {editor.editing ? (
        <ProductFormDialog
          product={editor.editing.item}
          saving={creating.isLoading || updating.isLoading}
          error={editor.saveError}
          onSave={(body) => void editor.saveForm(body)}
          onClose={editor.closeForm}
        />
      ) : null}
      {editor.deletingId ? (
        <ConfirmDialog
          message={productTexts.deleteConfirm}
          busy={deleting.isLoading}
          onCancel={editor.cancelDelete}
          onConfirm={() => void editor.confirmDelete()}
        />
      ) : null}
      <Notification notice={notice} onDone={() => setNotice(null)} />
    </>
  );
}
