import { Suspense, useDeferredValue, useState, type ReactNode } from 'react';
import { Loader } from '@/components/ui/Loader';
import { linkedParam } from '@/lib/deep-link';
import { OpenTabContext } from '@/lib/tabs';
import { AppShell } from './AppShell';

export interface Tab {
  id: string;
  label: string;
  /** Missing while the section is not built yet. */
  content?: ReactNode;
}

/** Sections of a role's home are tabs, switched without a route change (spec §2). `wide`: the back office, which uses a desktop's width. */
export function TabbedLayout({ tabs, wide = false }: { tabs: readonly Tab[]; wide?: boolean }) {
  // A push's tap opens its section (`?tab=`), when this role has it.
  const [selectedId, setSelectedId] = useState(() => tabs.find((tab) => tab.id === linkedParam('tab'))?.id ?? tabs[0].id);
  const selected = tabs.find((tab) => tab.id === selectedId) ?? tabs[0];
  // The strip follows a tap at once; the section itself renders in the background, in small slices that leave the
  // phone responsive, while the previous one stays on screen (dimmed) until the new one is ready.
  const shownId = useDeferredValue(selectedId);
  const shown = tabs.find((tab) => tab.id === shownId) ?? tabs[0];

  const navigation = (
    <nav className="tabs" aria-label="Sections">
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          className="tabs__tab"
          aria-current={tab.id === selected.id ? 'page' : undefined}
          onClick={(event) => {
            setSelectedId(tab.id);
            // On a phone the strip scrolls sideways: keep the chosen tab fully visible.
            event.currentTarget.scrollIntoView({ block: 'nearest', inline: 'nearest' });
          }}
        >
          {tab.label}
        </button>
      ))}
    </nav>
  );

  return (
    <AppShell navigation={navigation} wide={wide}>
      <OpenTabContext value={setSelectedId}>
        <div className={shownId === selectedId ? 'tab-panel' : 'tab-panel tab-panel--stale'} aria-busy={shownId !== selectedId}>
          <Suspense fallback={<Loader />}>{shown.content ?? <ComingSoon title={shown.label} />}</Suspense>
        </div>
      </OpenTabContext>
    </AppShell>
  );
}

function ComingSoon({ title }: { title: string }) {
  return (
    <section className="card coming-soon">
      <h2 className="page-title">{title}</h2>
      <p className="muted">Cette section sera bientôt disponible.</p>
    </section>
  );
}
