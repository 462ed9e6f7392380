import { useState } from 'react';
import { useStore } from 'react-redux';
import { sessionToken } from '../../../api/base-query';
import { isRecord } from '../../../lib/is-record';

export const CSV_EXPORT_FAILED = 'Erro ao exportar CSV.';

/** The file name the server gives in Content-Disposition (`attachment; filename="pedidos-2026-12-05.csv"`). */
export function attachmentName(disposition: string | null, fallback: string): string {
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '')?.[1];
  return name ? decodeURIComponent(name.trim()) : fallback;
}

/** Hands `blob` to the browser as a download named `name`. */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click has run.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Downloads an admin CSV export (issue 40: GET /api/admin/orders.csv and
 * /api/admin/sales.csv) with the session's token, as a file named as the
 * server names it. A link cannot carry the Authorization header, hence the
 * fetch and the Blob. Resolves to null, or the server's pt-BR message.
 */
export async function downloadCsv(
  path: string,
  query: Record<string, string>,
  token: string | null,
  fallbackName: string,
): Promise<string | null> {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    return CSV_EXPORT_FAILED;
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    return isRecord(body) && typeof body['message'] === 'string'
      ? body['message']
      : CSV_EXPORT_FAILED;
  }
  const blob = await response.blob();
  saveBlob(blob, attachmentName(response.headers.get('Content-Disposition'), fallbackName));
  return null;
}

/** The 'Exportar CSV' button's action: the download with the session's token, and whether it is under way. */
export function useCsvDownload(onError: (message: string) => void) {
  const store = useStore();
  const [downloading, setDownloading] = useState(false);
  const download = async (path: string, query: Record<string, string>, fallbackName: string) => {
    if (downloading) return;
    setDownloading(true);
    const problem = await downloadCsv(path, query, sessionToken(store.getState()), fallbackName);
    setDownloading(false);
    if (problem) onError(problem);
  };
  return { download, downloading };
}
