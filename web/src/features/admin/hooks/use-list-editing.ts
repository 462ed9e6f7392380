import { useState } from 'react';
import { errorMessage, type ApiError } from '../../../api/errors';

/** What a mutation's trigger resolves to, as far as the page cares. */
type Done = { error?: ApiError };

/**
 * A list page's form dialog and delete confirmation (admin-spec §4): the item
 * the form edits (null for a new one) and the save's error shown in it, the id
 * waiting for Confirmar, and the message each ends with.
 */
export function useListEditing<Item, Body>({
  save,
  remove,
  texts,
  report,
}: {
  /** Updates `item`, or creates one when it is null. */
  save: (item: Item | null, body: Body) => PromiseLike<Done>;
  remove: (id: string) => PromiseLike<Done>;
  texts: {
    saveFailed: string;
    deleteFailed: string;
    added: string;
    updated: string;
    deleted: string;
  };
  report: (tone: 'success' | 'error', text: string) => void;
}) {
  const [editing, setEditing] = useState<{ item: Item | null } | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);

  return {
    editing,
    saveError,
    openForm: (item: Item | null) => {
      setSaveError(null);
      setEditing({ item });
    },
    closeForm: () => setEditing(null),
    saveForm: async (body: Body) => {
      const item = editing?.item ?? null;
      const result = await save(item, body);
      if (result.error) {
        setSaveError(errorMessage(result.error, texts.saveFailed));
        return;
      }
      setEditing(null);
      report('success', item ? texts.updated : texts.added);
    },
    deletingId,
    askDelete: (id: string) => setDeletingId(id),
    cancelDelete: () => setDeletingId(null),
    confirmDelete: async () => {
      if (!deletingId) return;
      const result = await remove(deletingId);
      setDeletingId(null);
      if (result.error) report('error', errorMessage(result.error, texts.deleteFailed));
      else report('success', texts.deleted);
    },
  };
}
