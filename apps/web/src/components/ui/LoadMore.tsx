import type { PagedList } from '@/lib/paged-query';
import { Button } from './Button';

/** Under a paged list: how many are shown out of how many (when the list says), and « Voir plus » while more remain. */
export function LoadMore({ list }: { list: PagedList<unknown> }) {
  const shown = list.items?.length ?? 0;
  if (!list.hasMore && (list.total === undefined || shown === 0)) return null;
  return (
    <div className="load-more">
      {list.total !== undefined && (
        <p className="muted">
          {shown} sur {list.total}
        </p>
      )}
      {list.hasMore && (
        <Button variant="secondary" disabled={list.loadingMore} onClick={list.loadMore}>
          {list.loadingMore ? 'Chargement…' : 'Voir plus'}
        </Button>
      )}
    </div>
  );
}
