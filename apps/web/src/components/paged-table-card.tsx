import type { ReactNode } from "react";
import { Card, Pagination, QueryState, type QueryLike, Table, type TableColumn } from "@/components/ui";

type Paged = { pagination: { pages: number; total: number } };

/**
 * A Card with a paged table: its filters on top, the table (empty rows with a spinner while the first page loads,
 * the error in their place), and "Linhas por página" with the pages under it. The page and its size come from the
 * caller (useTableParams keeps them in the URL).
 *
 * <PagedTableCard title="Pedidos" filters={<OrderFiltersBar …/>} query={orders} rowsOf={(d) => d.orders}
 *   caption="Pedidos" columns={columns} getRowKey={(o) => o.id} emptyText="Nenhum pedido encontrado."
 *   errorText="Não foi possível carregar os pedidos." page={page} pageSize={limit} onPageChange={setPage}
 *   onPageSizeChange={setLimit} />
 */
export function PagedTableCard<D extends Paged, T>({
  title,
  description,
  actions,
  filters,
  query,
  rowsOf,
  caption,
  columns,
  getRowKey,
  emptyText,
  errorText,
  tableClassName,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  filters: ReactNode;
  query: QueryLike<D>;
  rowsOf: (data: D) => T[];
  caption: string;
  columns: TableColumn<T>[];
  getRowKey: (row: T) => string | number;
  emptyText: string;
  errorText: string;
  tableClassName?: string;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  /** Rendered after the table inside the card (a dialog the rows open). */
  children?: ReactNode;
}) {
  return (
    <Card title={title} description={description} actions={actions}>
      <div className="flex flex-col gap-5">
        {filters}
        <QueryState
          query={query}
          variant="inline"
          errorText={errorText}
          loading={<Table caption={caption} columns={columns} rows={[]} getRowKey={getRowKey} loading />}
        >
          {(data) => (
            <div className="flex flex-col gap-4">
              <Table
                caption={caption}
                columns={columns}
                rows={rowsOf(data)}
                getRowKey={getRowKey}
                emptyText={emptyText}
                className={tableClassName}
              />
              <Pagination
                page={page}
                pages={data.pagination.pages}
                total={data.pagination.total}
                onPageChange={onPageChange}
                pageSize={pageSize}
                onPageSizeChange={onPageSizeChange}
              />
            </div>
          )}
        </QueryState>
      </div>
      {children}
    </Card>
  );
}
