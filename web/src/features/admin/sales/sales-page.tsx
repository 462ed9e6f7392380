import { useId, useRef, useState, type KeyboardEvent } from 'react';
import styles from '../components/admin.module.css';
import { useAdminSession } from '../components/admin-session';
import { PageRefused, PageTitle } from '../components/page-parts';
import { adminTexts, saleTexts } from '../model/admin-texts';
import { MonthlyReportTab } from './monthly-report';
import { SalesList } from './sales-list';
import { SalesOverview } from './sales-overview';

const TABS = [
  { key: 'overview', label: saleTexts.overviewTab },
  { key: 'monthly', label: saleTexts.monthlyTab },
  { key: 'list', label: saleTexts.listTab },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** /admin/sales (admin-spec §2 "Sales page"): three tabs, as an ARIA tab list. */
export function SalesPage() {
  const session = useAdminSession();
  const [active, setActive] = useState<TabKey>('overview');
  const id = useId();
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  if (!session.hasToken) {
    return <PageRefused title={saleTexts.title} reason={adminTexts.loginToAccess} />;
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((tab) => tab.key === active);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    let next: number | null = step ? (index + step + TABS.length) % TABS.length : null;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = TABS.length - 1;
    const tab = next === null ? undefined : TABS[next];
    if (!tab) return;
    event.preventDefault();
    setActive(tab.key);
    tabRefs.current[tab.key]?.focus();
  };

  return (
    <>
      <PageTitle>{saleTexts.title}</PageTitle>
      <div
        className={styles.tabs}
        role="tablist"
        aria-label={saleTexts.title}
        onKeyDown={onKeyDown}
      >
        {TABS.map((tab) => (
          <button
            key={tab.key}
            ref={(element) => {
              tabRefs.current[tab.key] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-${tab.key}-tab`}
            aria-controls={`${id}-${tab.key}-panel`}
            aria-selected={active === tab.key}
            tabIndex={active === tab.key ? 0 : -1}
            className={styles.tab}
            onClick={() => setActive(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-${active}-panel`}
        aria-labelledby={`${id}-${active}-tab`}
        className={styles.content}
      >
        {active === 'overview' ? <SalesOverview /> : null}
        {active === 'monthly' ? <MonthlyReportTab /> : null}
        {active === 'list' ? <SalesList /> : null}
      </div>
    </>
  );
}
