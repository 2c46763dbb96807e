import type { ReactNode } from 'react';
import './panel.css';

/**
 * A titled white panel in the look of an antd Card, without Card's dependency on Tabs (which
 * would put the tabs machinery into /home's first load).
 */
export function Panel({ title, extra, className, children }: { title: ReactNode; extra?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <section className={`panel${className ? ` ${className}` : ''}`}>
      <header className="panel-head">
        <h2 className="panel-title">{title}</h2>
        {extra && <div className="panel-extra">{extra}</div>}
      </header>
      <div className="panel-body">{children}</div>
    </section>
  );
}
